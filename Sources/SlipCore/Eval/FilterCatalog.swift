/// The filters a template can apply with `|`, with their arities: one table that the checker
/// validates against and the evaluator runs.
struct FilterCatalog: Sendable {
  /// One filter. A class: the evaluator looks one up for every `|` it runs, and a copy of a
  /// struct of strings and a closure cost a third of the lookup.
  final class Filter: Sendable {
    /// How it is written after `|`.
    let name: String
    /// The arguments it takes, as shown in messages: `rupiah(places)`.
    let signature: String
    /// Fewest arguments.
    let minArguments: Int
    /// Most arguments.
    let maxArguments: Int
    /// Applies the filter; a thrown message explains a wrong input.
    let apply: @Sendable (Value, [Value]) throws(FilterFailure) -> Value
    /// For filters over lists whose argument is an expression evaluated once per element, with
    /// the element's fields as names (`items | sum(qty * price)`); `apply` serves the bare form.
    let perElement: PerElement?

    init(
      name: String, signature: String, minArguments: Int, maxArguments: Int,
      apply: @escaping @Sendable (Value, [Value]) throws(FilterFailure) -> Value,
      perElement: PerElement? = nil
    ) {
      self.name = name
      self.signature = signature
      self.minArguments = minArguments
      self.maxArguments = maxArguments
      self.apply = apply
      self.perElement = perElement
    }
  }

  /// How a list filter combines the values of its per-element argument.
  enum PerElement: Sendable {
    /// Adds them up.
    case sum
    /// Counts the elements for which it holds.
    case count
  }

  /// The built-in filters, by name.
  let filters: [String: Filter]

  /// The built-in set.
  static let standard = FilterCatalog(filters: merged(core, formatting))

  /// `first` with the entries of `second` it lacks. (Not `Dictionary.merging`: its rethrowing
  /// closure casts errors dynamically, which Embedded Swift cannot do.)
  private static func merged(_ first: [String: Filter], _ second: [String: Filter]) -> [String: Filter] {
    var filters = first
    for (name, filter) in second where filters[name] == nil { filters[name] = filter }
    return filters
  }

  /// Filters on values and lists.
  private static let core: [String: Filter] = [
    "count": Filter(
      name: "count", signature: "count or count(condition)", minArguments: 0, maxArguments: 1,
      apply: { value, _ throws(FilterFailure) in
        switch value {
        case .array(let elements): return .number(ExactDecimal(elements.count))
        case .object(let object): return .number(ExactDecimal(object.count))
        default: throw .needsList("count", value)
        }
      }, perElement: .count),
    "sum": Filter(
      name: "sum", signature: "sum or sum(expression)", minArguments: 0, maxArguments: 1,
      apply: { value, _ throws(FilterFailure) in
        guard case .array(let elements) = value else {
          throw .needsList("sum", value)
        }
        var total = ExactDecimal.zero
        for (index, element) in elements.enumerated() {
          guard case .number(let n) = element else {
            throw .sumElement(index, element)
          }
          do throws(ExactDecimal.ArithmeticError) {
            total = try total.adding(n)
          } catch {
            throw .sumTooLarge
          }
        }
        return .number(total)
      }, perElement: .sum),
    "default": Filter(
      name: "default", signature: "default(value)", minArguments: 1, maxArguments: 1,
      // The evaluator handles missing values itself; here only null and "" are replaced.
      apply: { value, arguments throws(FilterFailure) in
        switch value {
        case .null, .string(""): arguments[0]
        default: value
        }
      }),
    "lower": Filter(
      name: "lower", signature: "lower", minArguments: 0, maxArguments: 0,
      apply: { value, _ throws(FilterFailure) in
        .string(try text(of: value, filter: "lower").lowercased())
      }),
    "rupiah": Filter(
      name: "rupiah", signature: "rupiah or rupiah(places)", minArguments: 0, maxArguments: 1,
      apply: { value, arguments throws(FilterFailure) in
        let places = try arguments.first.map { argument throws(FilterFailure) in
          guard case .number(let n) = argument, let places = n.intValue, (0...4).contains(places) else {
            throw .rupiahPlaces
          }
          return places
        }
        guard case .number(let amount) = value else {
          throw .needsNumber("rupiah", value)
        }
        return .string(MoneyFormat.rupiah.format(amount, places: places ?? 0))
      }),
    "serial": Filter(
      name: "serial", signature: "serial(start) or serial(start, step)", minArguments: 1, maxArguments: 2,
      apply: { value, arguments throws(FilterFailure) in
        try serial(
          copy: value, start: arguments[0],
          step: arguments.count > 1 ? arguments[1] : .number(ExactDecimal(1)))
      }),
    "upper": Filter(
      name: "upper", signature: "upper", minArguments: 0, maxArguments: 0,
      apply: { value, _ throws(FilterFailure) in
        .string(try text(of: value, filter: "upper").uppercased())
      }),
  ]

  /// `copy | serial(start, step)`: the start for copy 1, a step more for each copy after it, as
  /// Zebra's `^SN` counts. A number start gives a number; text counts in its last run of digits,
  /// keeping their width (`INV-0099` then `INV-0100`).
  private static func serial(copy: Value, start: Value, step: Value) throws(FilterFailure) -> Value {
    guard case .number(let n) = copy, let copyNumber = n.intValue, copyNumber >= 1 else {
      throw .serialInput(copy)
    }
    guard case .number(let s) = step, let by = s.intValue, s == ExactDecimal(by) else {
      throw .serialStep(step)
    }
    let offset = (copyNumber - 1).multipliedReportingOverflow(by: by)
    guard !offset.overflow else { throw .serialTooLarge }
    switch start {
    case .number(let first):
      do throws(ExactDecimal.ArithmeticError) {
        return .number(try first.adding(ExactDecimal(offset.partialValue)))
      } catch {
        throw .serialTooLarge
      }
    case .string(let text):
      let characters = Array(text)
      guard let last = characters.lastIndex(where: { $0.isASCII && $0.isWholeNumber }) else {
        throw .serialStart(start)
      }
      var first = last
      while first > 0, characters[first - 1].isASCII, characters[first - 1].isWholeNumber { first -= 1 }
      let digits = String(characters[first...last])
      guard digits.count <= 18, let number = Int(digits) else { throw .serialTooLarge }
      let (counted, overflow) = number.addingReportingOverflow(offset.partialValue)
      guard !overflow, counted >= 0 else { throw .serialNegative(text) }
      let shown = String(counted)
      let padded = String(repeating: "0", count: max(0, digits.count - shown.count)) + shown
      return .string(String(characters[..<first]) + padded + String(characters[(last + 1)...]))
    default:
      throw .serialStart(start)
    }
  }

  /// The filter called `name`.
  subscript(name: String) -> Filter? { filters[name] }

  private static func text(of value: Value, filter: String) throws(FilterFailure) -> String {
    switch value {
    case .string(let s): return s
    case .number(let n): return n.description
    default: throw .needsText(filter, value)
    }
  }

  /// `string "abc"`, `list`, `null`: a value as messages mention it.
  static func describe(_ value: Value) -> String {
    switch value {
    case .string(let s):
      let shown = s.count > 20 ? String(s.prefix(20)) + "…" : s
      return "string '\(shown)'"
    case .number(let n): return "number \(n)"
    case .bool(let b): return "boolean \(b)"
    default: return value.kindName
    }
  }
}

/// Why a filter could not apply to its input.
struct FilterFailure: Error, Sendable {
  /// What is wrong with the input.
  var message: String
  /// A failure inside a per-element argument, whose diagnostic is already recorded.
  private(set) var isAlreadyReported = false

  init(_ message: String) { self.message = message }

  /// The marker for a failure already reported where it happened.
  static let alreadyReported: FilterFailure = {
    var failure = FilterFailure("")
    failure.isAlreadyReported = true
    return failure
  }()
}

/// Money in a currency's local notation: symbol, grouping and decimal separators.
struct MoneyFormat: Sendable {
  /// Written before the amount, with its spacing: `Rp `.
  var prefix: String
  /// Between groups of three integer digits.
  var groupSeparator: Unicode.Scalar
  /// Between the integer and the fraction.
  var decimalSeparator: Unicode.Scalar
  /// Written after the amount, with its spacing: ` €`.
  var suffix = ""
  /// Digits in each group left of the last three: 3, or 2 for Indian lakh and crore grouping.
  var secondaryGroupSize = 3

  /// Indonesian Rupiah: `Rp 1.234,50`, negative `-Rp 5.000`.
  static let rupiah = MoneyFormat(prefix: "Rp ", groupSeparator: ".", decimalSeparator: ",")

  /// `amount` rounded half away from zero to `places` decimals, grouped.
  func format(_ amount: ExactDecimal, places: Int) -> String {
    formatSmall(amount, places: places) ?? formatExact(amount, places: places)
  }

  /// Any amount, through ExactDecimal's digits: the general path behind ``format(_:places:)``.
  func formatExact(_ amount: ExactDecimal, places: Int) -> String {
    // Built as bytes and turned into a String once.
    let digits = amount.digits(places: places)
    var out: [UInt8] = []
    out.reserveCapacity(prefix.utf8.count + suffix.utf8.count + 2 * digits.integer.utf8.count + places + 4)
    if digits.negative { out.append(UInt8(ascii: "-")) }
    out.append(contentsOf: prefix.utf8)
    var left = digits.integer.utf8.count  // digits still to write before the decimal point
    for digit in digits.integer.utf8 {
      out.append(digit)
      left -= 1
      if left >= 3, (left - 3) % secondaryGroupSize == 0 { append(groupSeparator, to: &out) }
    }
    if places > 0 {
      append(decimalSeparator, to: &out)
      out.append(contentsOf: digits.fraction.utf8)
    }
    out.append(contentsOf: suffix.utf8)
    return String(decoding: out, as: UTF8.self)
  }

  /// The common case in 64-bit arithmetic: amounts below 10^17 with a few decimals, which is
  /// every price on a receipt, written right to left into one stack buffer. Nil sends the
  /// rest through the general path.
  private func formatSmall(_ amount: ExactDecimal, places: Int) -> String? {
    guard places <= 6, amount.scale <= 18, let value = Int64(exactly: amount.significand),
      abs(value) < 100_000_000_000_000_000,
      prefix.utf8.count + suffix.utf8.count <= 32
    else { return nil }
    var rounded = value
    if amount.scale > places {
      // Half away from zero, as ExactDecimal.rounded does.
      var divisor: Int64 = 1
      for _ in places..<amount.scale { divisor *= 10 }
      let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
      rounded = quotient + (abs(remainder) * 2 >= divisor ? (value < 0 ? -1 : 1) : 0)
    } else {
      for _ in amount.scale..<places {
        guard abs(rounded) < 10_000_000_000_000_000 else { return nil }
        rounded *= 10
      }
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer in
      var end = buffer.count
      func put(_ byte: UInt8) {
        end -= 1
        buffer[end] = byte
      }
      func put(_ bytes: String.UTF8View) {
        for byte in bytes.reversed() { put(byte) }
      }
      func put(_ scalar: Unicode.Scalar) {
        if scalar.isASCII { put(UInt8(scalar.value)) } else { put(String(scalar).utf8) }
      }
      var magnitude = rounded.magnitude
      put(suffix.utf8)
      if places > 0 {
        for _ in 0..<places {
          put(UInt8(ascii: "0") + UInt8(magnitude % 10))
          magnitude /= 10
        }
        put(decimalSeparator)
      }
      var written = 0
      repeat {
        if written == 3 || (written > 3 && (written - 3) % secondaryGroupSize == 0) { put(groupSeparator) }
        put(UInt8(ascii: "0") + UInt8(magnitude % 10))
        magnitude /= 10
        written += 1
      } while magnitude > 0
      put(prefix.utf8)
      if rounded < 0 { put(UInt8(ascii: "-")) }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[end...]), as: UTF8.self)
    }
  }

  private func append(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
    if scalar.isASCII {
      out.append(UInt8(scalar.value))
    } else {
      out.append(contentsOf: String(scalar).utf8)
    }
  }
}
