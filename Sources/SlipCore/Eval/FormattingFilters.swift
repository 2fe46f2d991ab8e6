/// Filters that format values for print: money in a currency's home notation, grouped numbers,
/// dates, and text that has to fit a column.
extension FilterCatalog {
  /// The formatting filters, by name; `standard` merges them in.
  static let formatting: [String: Filter] = [
    "currency": Filter(
      name: "currency", signature: "currency(code)", minArguments: 1, maxArguments: 1,
      apply: { value, arguments throws(FilterFailure) in
        let currency = try Formatting.currency(arguments.first)
        guard case .number(let amount) = value else { throw .needsNumber("currency", value) }
        return .string(currency.format.format(amount, places: currency.places))
      }),
    "date": Filter(
      name: "date", signature: "date(pattern) or date(pattern, locale)", minArguments: 1, maxArguments: 2,
      apply: { value, arguments throws(FilterFailure) in
        guard case .string(let pattern)? = arguments.first else { throw .datePatternNotText(arguments.first) }
        let names = try Formatting.language(arguments.dropFirst().first, filter: "date").dateNames
        let date: CivilDate
        switch value {
        case .string(let text): date = try CivilDate(iso: text)
        case .number(let seconds): date = try CivilDate(epochSeconds: seconds)
        default: throw .dateInput(value)
        }
        return .string(try DateFormat(pattern: pattern, names: names).format(date))
      }),
    "join": Filter(
      name: "join", signature: "join or join(separator)", minArguments: 0, maxArguments: 1,
      apply: { value, arguments throws(FilterFailure) in
        guard case .array(let elements) = value else { throw .needsList("join", value) }
        var separator = ", "
        if let argument = arguments.first {
          guard case .string(let text) = argument else { throw .joinSeparator(argument) }
          separator = text
        }
        var pieces: [String] = []
        pieces.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
          switch element {
          case .string(let text): pieces.append(text)
          case .number(let n): pieces.append(n.description)
          case .bool(let b): pieces.append(b ? "true" : "false")
          // A missing entry is nothing to show, not the word "null".
          case .null: continue
          case .array, .object: throw .joinElement(index, element)
          }
        }
        return .string(pieces.joined(separator: separator))
      }),
    "number": Filter(
      name: "number", signature: "number(decimals) or number(decimals, locale)", minArguments: 1,
      maxArguments: 2,
      apply: { value, arguments throws(FilterFailure) in
        guard case .number(let n)? = arguments.first, let places = n.intValue, (0...10).contains(places)
        else {
          throw .numberPlaces
        }
        let format = try Formatting.language(arguments.dropFirst().first, filter: "number").numberFormat
        guard case .number(let amount) = value else { throw .needsNumber("number", value) }
        return .string(format.format(amount, places: places))
      }),
    "pad": Filter(
      name: "pad", signature: "pad(columns) or pad(columns, align)", minArguments: 1, maxArguments: 2,
      apply: { value, arguments throws(FilterFailure) in
        guard case .number(let n)? = arguments.first, let columns = n.intValue, (0...255).contains(columns)
        else {
          throw .padColumns
        }
        var alignment = "left"
        if let argument = arguments.dropFirst().first {
          guard case .string(let text) = argument, ["left", "center", "right"].contains(text) else {
            throw .padAlignment(argument)
          }
          alignment = text
        }
        return .string(
          Formatting.padded(try Formatting.text(of: value, filter: "pad"), columns: columns, alignment))
      }),
    "title": Filter(
      name: "title", signature: "title", minArguments: 0, maxArguments: 0,
      apply: { value, _ throws(FilterFailure) in
        .string(Formatting.titleCased(try Formatting.text(of: value, filter: "title")))
      }),
    "trim": Filter(
      name: "trim", signature: "trim", minArguments: 0, maxArguments: 0,
      apply: { value, _ throws(FilterFailure) in
        .string(Formatting.trimmed(try Formatting.text(of: value, filter: "trim")))
      }),
    "truncate": Filter(
      name: "truncate", signature: "truncate(columns)", minArguments: 1, maxArguments: 1,
      apply: { value, arguments throws(FilterFailure) in
        guard case .number(let n)? = arguments.first, let columns = n.intValue, columns >= 0 else {
          throw .truncateColumns
        }
        return .string(
          Formatting.truncated(try Formatting.text(of: value, filter: "truncate"), columns: columns))
      }),
  ]
}

extension MoneyFormat {
  /// The supported currencies in their home locale's CLDR notation, with the digits they are
  /// shown to, sorted by code so messages list them in order.
  ///
  /// Where CLDR puts a no-break space (U+00A0) between symbol and number, a plain space stands
  /// in: thermal printers' code pages have no no-break space, and a receipt line never wraps
  /// inside an amount anyway. A letter symbol gets that space even when the locale's pattern
  /// has none (`¤#,##0.00`), because CLDR's currencySpacing inserts it next to a digit; so
  /// `Rp 25.000` and `RM 1,234.50`, but `$1,234.50`.
  static let currencies: [(code: String, format: MoneyFormat, places: Int)] = [
    ("AUD", MoneyFormat(prefix: "$", groupSeparator: ",", decimalSeparator: "."), 2),  // en-AU
    ("EUR", MoneyFormat(prefix: "", groupSeparator: ".", decimalSeparator: ",", suffix: " €"), 2),  // de-DE
    ("GBP", MoneyFormat(prefix: "£", groupSeparator: ",", decimalSeparator: "."), 2),  // en-GB
    // CLDR's IDR has 2 digits but 0 cash digits; receipts show cash amounts, like 'rupiah'.
    ("IDR", .rupiah, 0),  // id-ID
    // en-IN: `¤#,##,##0.00`, lakh and crore grouping.
    ("INR", MoneyFormat(prefix: "₹", groupSeparator: ",", decimalSeparator: ".", secondaryGroupSize: 2), 2),
    ("JPY", MoneyFormat(prefix: "￥", groupSeparator: ",", decimalSeparator: "."), 0),  // ja-JP: U+FFE5
    ("MYR", MoneyFormat(prefix: "RM ", groupSeparator: ",", decimalSeparator: "."), 2),  // ms-MY
    ("PHP", MoneyFormat(prefix: "₱", groupSeparator: ",", decimalSeparator: "."), 2),  // fil-PH
    ("SGD", MoneyFormat(prefix: "$", groupSeparator: ",", decimalSeparator: "."), 2),  // en-SG
    ("THB", MoneyFormat(prefix: "฿", groupSeparator: ",", decimalSeparator: "."), 2),  // th-TH
    ("USD", MoneyFormat(prefix: "$", groupSeparator: ",", decimalSeparator: "."), 2),  // en-US
    ("VND", MoneyFormat(prefix: "", groupSeparator: ".", decimalSeparator: ",", suffix: " ₫"), 0),  // vi-VN
  ]

  /// Plain numbers as English writes them: `1,234.50`.
  static let englishNumber = MoneyFormat(prefix: "", groupSeparator: ",", decimalSeparator: ".")
  /// Plain numbers as Indonesian writes them: `1.234,50`.
  static let indonesianNumber = MoneyFormat(prefix: "", groupSeparator: ".", decimalSeparator: ",")
}

/// The languages 'number' and 'date' know, named by their locale codes.
enum FormatLanguage: Sendable {
  case english
  case indonesian

  /// How this language groups plain numbers.
  var numberFormat: MoneyFormat {
    self == .english ? .englishNumber : .indonesianNumber
  }

  /// This language's month and day names.
  var dateNames: DateFormat.Names {
    self == .english ? .english : .indonesian
  }
}

/// The helpers behind the formatting filters' closures.
private enum Formatting {
  /// The currency an argument names, matched without regard to case.
  static func currency(_ argument: Value?) throws(FilterFailure) -> (format: MoneyFormat, places: Int) {
    guard case .string(let code)? = argument else { throw .currencyCode(argument) }
    // Codes are ASCII; uppercasing a short string stays in its inline storage.
    let wanted = code.uppercased()
    guard let match = MoneyFormat.currencies.first(where: { $0.code == wanted }) else {
      throw .unknownCurrency(code)
    }
    return (match.format, match.places)
  }

  /// The language a locale argument names: 'en' when absent, else 'en' or 'id' in any case.
  static func language(_ argument: Value?, filter: String) throws(FilterFailure) -> FormatLanguage {
    guard let argument else { return .english }
    if case .string(let code) = argument {
      switch code.lowercased() {
      case "en": return .english
      case "id": return .indonesian
      default: break
      }
    }
    throw .unknownLanguage(filter, argument)
  }

  /// A string as it is, a number as its canonical text, anything else an error.
  static func text(of value: Value, filter: String) throws(FilterFailure) -> String {
    switch value {
    case .string(let s): return s
    case .number(let n): return n.description
    default: throw .needsText(filter, value)
    }
  }

  /// Each whitespace-separated word with its first character in title case and the rest lower.
  static func titleCased(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    var atWordStart = true
    for character in text {
      if character.isWhitespace {
        out.append(character)
        atWordStart = true
        continue
      }
      if let ascii = character.asciiValue {
        // ASCII, the usual case, maps without building a string per character.
        let isUpper = ascii >= 0x41 && ascii <= 0x5A, isLower = ascii >= 0x61 && ascii <= 0x7A
        let mapped = atWordStart ? (isLower ? ascii - 0x20 : ascii) : (isUpper ? ascii + 0x20 : ascii)
        out.unicodeScalars.append(Unicode.Scalar(mapped))
      } else if atWordStart {
        // Title case, not upper: 'ǆ' becomes 'ǅ' and 'ß' 'Ss'. Marks after the first scalar stay.
        let scalars = character.unicodeScalars
        out += scalars.first!.properties.titlecaseMapping
        out.unicodeScalars.append(contentsOf: scalars.dropFirst())
      } else {
        out += character.lowercased()
      }
      atWordStart = false
    }
    return out
  }

  /// The text without leading and trailing whitespace (spaces, tabs, newlines, no-break spaces).
  static func trimmed(_ text: String) -> String {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }) else { return "" }
    let last = text.lastIndex(where: { !$0.isWhitespace })!
    if first == text.startIndex && text.index(after: last) == text.endIndex { return text }
    return String(text[first...last])
  }

  /// Each line of the text cut to at most `columns` printer columns, dots included, ending in
  /// '...' when cut: a line break starts a new printed line, so the limit is per line.
  static func truncated(_ text: String, columns limit: Int) -> String {
    guard text.contains("\n") else { return truncatedLine(text, columns: limit) }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { truncatedLine(String($0), columns: limit) }.joined(separator: "\n")
  }

  /// The text in a field of `columns` printer columns, placed by `alignment` ("left", "center"
  /// or "right"), filled with no-break spaces: layout keeps those, where it would drop trailing
  /// plain spaces and the field would lose its width. Longer text is left as it is.
  static func padded(_ text: String, columns: Int, _ alignment: String) -> String {
    let room = columns - TextWidth.columns(of: text)
    guard room > 0 else { return text }
    let before =
      switch alignment {
      case "right": room
      case "center": room / 2
      default: 0
      }
    let space = "\u{00A0}"
    return String(repeating: space, count: before) + text + String(repeating: space, count: room - before)
  }

  /// One line cut to at most `columns` printer columns, dots included.
  private static func truncatedLine(_ text: String, columns limit: Int) -> String {
    if TextWidth.columns(of: text) <= limit { return text }
    // Below three columns only as many dots as fit: the width promise matters more than the dots.
    let dots = min(3, limit)
    let room = limit - dots
    var used = 0
    var end = text.startIndex
    // Whole characters only, so a grapheme cluster is never split; a wide one that would
    // cross the limit is left out rather than shown half.
    while end < text.endIndex {
      let width = TextWidth.columns(of: text[end])
      if used + width > room { break }
      used += width
      text.formIndex(after: &end)
    }
    var out = ""
    out.reserveCapacity(text.utf8.distance(from: text.startIndex, to: end) + dots)
    out += text[..<end]
    for _ in 0..<dots { out.append(".") }
    return out
  }
}

// MARK: - Messages
