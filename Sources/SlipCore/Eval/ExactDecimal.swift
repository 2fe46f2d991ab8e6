/// An exact decimal number: receipts add up money, so values keep the digits the JSON text
/// wrote instead of passing through binary floating point (`0.1 + 0.2` is exactly `0.3`).
///
/// The value is `significand / 10^scale`. The scale is at most 38 because that is as many
/// decimal digits as an `Int128` always holds. `Int128.min` is never stored, so negating and
/// taking magnitudes can't overflow. Values are not kept normalised (`1.50` may keep scale 2);
/// equality, hashing and `description` look at the numeric value only.
public struct ExactDecimal: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Why an arithmetic operation has no representable result.
  public enum ArithmeticError: Error, Sendable, Equatable {
    /// The integer part of the result needs more digits than an `Int128` holds.
    case overflow
    /// The divisor was zero.
    case divisionByZero
  }

  /// The digits of the value as an integer, sign included; never `Int128.min`.
  public let significand: Int128
  /// How many of the significand's digits are after the decimal point, 0...38.
  public let scale: Int

  /// The largest scale: 10^38 is the largest power of ten an `Int128` holds.
  static let maxScale = 38
  /// Division keeps this many fractional digits when the quotient does not terminate.
  static let divisionScale = 20

  /// The integer `value`, exactly.
  public init(_ value: Int) {
    significand = Int128(value)
    scale = 0
  }

  /// The value `significand / 10^scale`; `scale` must be 0...38 and `significand` not `Int128.min`.
  public init(significand: Int128, scale: Int) {
    precondition((0...ExactDecimal.maxScale).contains(scale), "ExactDecimal scale must be 0...38")
    precondition(significand != .min, "ExactDecimal significand can't be Int128.min")
    self.significand = significand
    self.scale = scale
  }

  /// Skips the preconditions for results the arithmetic has already kept in range.
  private init(unchecked significand: Int128, scale: Int) {
    self.significand = significand
    self.scale = scale
  }

  /// Zero, the value empty sums start from.
  public static let zero = ExactDecimal(unchecked: 0, scale: 0)

  /// Whether the value is zero, at any scale.
  public var isZero: Bool { significand == 0 }

  /// Whether the value is below zero; false for zero, which has no sign.
  public var isNegative: Bool { significand < 0 }

  /// Whether the value has no nonzero fractional digits.
  public var isInteger: Bool {
    scale == 0 || significand.magnitude % powerOfTen(scale) == 0
  }

  /// The value as an `Int` when it is integral and in range, for indexes and counts.
  public var intValue: Int? {
    guard isInteger else { return nil }
    let whole = Int128(significand.magnitude / powerOfTen(scale))
    return Int(exactly: significand < 0 ? -whole : whole)
  }

  /// The value with the opposite sign; never overflows because `Int128.min` is never stored.
  public var negated: ExactDecimal {
    ExactDecimal(unchecked: -significand, scale: scale)
  }

  /// The same value with trailing fractional zeros dropped, so equal values look alike.
  var normalized: ExactDecimal {
    if significand == 0 { return .zero }
    var k = scale
    if let small = Int64(exactly: significand) {
      // Most receipt numbers fit 64 bits, where division is a single instruction.
      var s = small
      while k > 0 && s % 10 == 0 {
        s /= 10
        k -= 1
      }
      return ExactDecimal(unchecked: Int128(s), scale: k)
    }
    var s = significand
    while k > 0 {
      let (q, r) = s.quotientAndRemainder(dividingBy: 10)
      if r != 0 { break }
      s = q
      k -= 1
    }
    return ExactDecimal(unchecked: s, scale: k)
  }
}

// MARK: - Parsing

extension ExactDecimal {
  /// Parses JSON number syntax (`-?int[.digits][(e|E)[+-]digits]`, no leading '+' or zeros); nil for bad syntax or a value that isn't exactly representable.
  public init?(parsing utf8: some Collection<UInt8>) {
    var i = utf8.startIndex
    let end = utf8.endIndex
    guard i != end else { return nil }

    let negative = utf8[i] == UInt8(ascii: "-")
    if negative { utf8.formIndex(after: &i) }

    // Significant digits accumulate in `digits`; zeros after the last nonzero digit wait in
    // `pendingZeros` so a long run of trailing zeros costs nothing and never overflows.
    var digits: UInt128 = 0
    var significantCount = 0
    var pendingZeros = 0
    var fractionCount = 0

    // Integer part: "0" alone, or a nonzero digit then any digits (JSON forbids "01").
    guard i != end, let first = ExactDecimal.digitValue(utf8[i]) else { return nil }
    utf8.formIndex(after: &i)
    if first == 0 {
      if i != end, ExactDecimal.digitValue(utf8[i]) != nil { return nil }
    } else {
      digits = UInt128(first)
      significantCount = 1
      while i != end, let d = ExactDecimal.digitValue(utf8[i]) {
        guard ExactDecimal.accumulate(d, &digits, &significantCount, &pendingZeros) else { return nil }
        utf8.formIndex(after: &i)
      }
    }

    // Fraction part: a '.' needs at least one digit after it.
    if i != end, utf8[i] == UInt8(ascii: ".") {
      utf8.formIndex(after: &i)
      guard i != end, ExactDecimal.digitValue(utf8[i]) != nil else { return nil }
      while i != end, let d = ExactDecimal.digitValue(utf8[i]) {
        guard ExactDecimal.accumulate(d, &digits, &significantCount, &pendingZeros) else { return nil }
        fractionCount += 1
        utf8.formIndex(after: &i)
      }
    }

    // Exponent: saturates far beyond anything representable (and below 2^31, for a 32-bit `Int`)
    // so huge exponents can't trap.
    var exponent = 0
    if i != end, utf8[i] == UInt8(ascii: "e") || utf8[i] == UInt8(ascii: "E") {
      utf8.formIndex(after: &i)
      var exponentNegative = false
      if i != end, utf8[i] == UInt8(ascii: "+") || utf8[i] == UInt8(ascii: "-") {
        exponentNegative = utf8[i] == UInt8(ascii: "-")
        utf8.formIndex(after: &i)
      }
      guard i != end, ExactDecimal.digitValue(utf8[i]) != nil else { return nil }
      while i != end, let d = ExactDecimal.digitValue(utf8[i]) {
        if exponent < 100_000_000 { exponent = exponent * 10 + Int(d) }
        utf8.formIndex(after: &i)
      }
      if exponentNegative { exponent = -exponent }
    }
    guard i == end else { return nil }

    if digits == 0 {
      self = .zero  // "-0", "0.00" and "0e99" are all plain zero
      return
    }
    // value = digits × 10^(pendingZeros + exponent − fractionCount)
    let power = pendingZeros + exponent - fractionCount
    if power >= 0 {
      guard power <= ExactDecimal.maxScale else { return nil }
      let (scaled, overflow) = digits.multipliedReportingOverflow(by: powerOfTen(power))
      guard !overflow, scaled <= UInt128(Int128.max) else { return nil }
      let value = Int128(scaled)
      self = ExactDecimal(unchecked: negative ? -value : value, scale: 0)
    } else {
      guard -power <= ExactDecimal.maxScale else { return nil }
      // At most 38 significant digits, so this is below 10^38 and fits.
      let value = Int128(digits)
      self = ExactDecimal(unchecked: negative ? -value : value, scale: -power)
    }
  }

  /// Parses `text` as JSON number syntax; see `init(parsing:)`.
  public init?(_ text: String) {
    let contiguous = text.utf8.withContiguousStorageIfAvailable { ExactDecimal(parsing: $0) }
    guard let value = contiguous ?? ExactDecimal(parsing: text.utf8) else { return nil }
    self = value
  }

  /// The digit an ASCII byte stands for, or nil when it is not '0'...'9'.
  @inline(__always)
  private static func digitValue(_ byte: UInt8) -> UInt8? {
    let d = byte &- UInt8(ascii: "0")
    return d < 10 ? d : nil
  }

  /// Appends one digit after the first significant one; false past 38 significant digits.
  @inline(__always)
  private static func accumulate(
    _ d: UInt8, _ digits: inout UInt128, _ count: inout Int, _ pendingZeros: inout Int
  ) -> Bool {
    if d == 0 {
      // Zeros before the first significant digit ("0.005") count for nothing.
      if digits != 0 { pendingZeros += 1 }
      return true
    }
    let shift = pendingZeros + 1
    guard count + shift <= maxScale else { return false }
    digits = digits * powerOfTen(shift) + UInt128(d)
    count += shift
    pendingZeros = 0
    return true
  }
}

// MARK: - Comparing and hashing

extension ExactDecimal {
  /// Numeric equality: `1.50 == 1.5`.
  public static func == (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    if lhs.scale == rhs.scale { return lhs.significand == rhs.significand }
    return compare(lhs, rhs) == 0
  }

  /// Numeric order, exact across scales.
  public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    compare(lhs, rhs) < 0
  }

  /// Hashes the normalised form so numerically equal values hash alike.
  public func hash(into hasher: inout Hasher) {
    let n = normalized
    hasher.combine(n.significand)
    hasher.combine(n.scale)
  }

  /// -1, 0 or 1 as `a` is below, equal to or above `b`.
  private static func compare(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
    // Different signs settle it without scaling anything.
    let signA = Int(a.significand.signum()), signB = Int(b.significand.signum())
    if signA != signB { return signA < signB ? -1 : 1 }
    var x = a.significand, y = b.significand
    if a.scale < b.scale {
      let (scaled, overflow) = x.multipliedReportingOverflow(by: Int128(powerOfTen(b.scale - a.scale)))
      // Aligned `a` is beyond Int128, so its magnitude beats any `b`; same signs here.
      if overflow { return signA }
      x = scaled
    } else if a.scale > b.scale {
      let (scaled, overflow) = y.multipliedReportingOverflow(by: Int128(powerOfTen(a.scale - b.scale)))
      if overflow { return -signB }
      y = scaled
    }
    return x < y ? -1 : (x == y ? 0 : 1)
  }
}

// MARK: - Arithmetic

extension ExactDecimal {
  /// The exact sum, rounded half away from zero only when it needs more than 38 digits.
  public func adding(_ other: ExactDecimal) throws(ArithmeticError) -> ExactDecimal {
    // Fast path: align in Int128 and add; anything that overflows goes the wide way.
    let k = Swift.max(scale, other.scale)
    var x = significand, y = other.significand
    var aligned = true
    if scale < k {
      let r = x.multipliedReportingOverflow(by: Int128(powerOfTen(k - scale)))
      x = r.partialValue
      aligned = !r.overflow
    } else if other.scale < k {
      let r = y.multipliedReportingOverflow(by: Int128(powerOfTen(k - other.scale)))
      y = r.partialValue
      aligned = !r.overflow
    }
    if aligned {
      let (sum, overflow) = x.addingReportingOverflow(y)
      if !overflow && sum != .min { return ExactDecimal(unchecked: sum, scale: k) }
    }

    // Slow path: 256-bit magnitudes hold any aligned operand (below 2^127 × 10^38) and their sum.
    let a = Wide.product(significand.magnitude, powerOfTen(k - scale))
    let b = Wide.product(other.significand.magnitude, powerOfTen(k - other.scale))
    if isNegative == other.isNegative {
      return try ExactDecimal.fit(
        negative: isNegative, magnitude: a.adding(b)!, scale: k, maxScale: ExactDecimal.maxScale)
    }
    if a < b {
      return try ExactDecimal.fit(
        negative: other.isNegative, magnitude: b.subtracting(a), scale: k, maxScale: ExactDecimal.maxScale)
    }
    return try ExactDecimal.fit(
      negative: isNegative, magnitude: a.subtracting(b), scale: k, maxScale: ExactDecimal.maxScale)
  }

  /// The exact difference, rounded like `adding` when it needs more than 38 digits.
  public func subtracting(_ other: ExactDecimal) throws(ArithmeticError) -> ExactDecimal {
    try adding(other.negated)
  }

  /// The exact product, rounded half away from zero only when it needs more than 38 digits or a scale above 38.
  public func multiplying(by other: ExactDecimal) throws(ArithmeticError) -> ExactDecimal {
    let k = scale + other.scale
    if k <= ExactDecimal.maxScale {
      let (product, overflow) = significand.multipliedReportingOverflow(by: other.significand)
      if !overflow && product != .min { return ExactDecimal(unchecked: product, scale: k) }
    }
    let product = Wide.product(significand.magnitude, other.significand.magnitude)
    return try ExactDecimal.fit(
      negative: isNegative != other.isNegative, magnitude: product, scale: k, maxScale: ExactDecimal.maxScale)
  }

  /// Exact when the quotient terminates within 20 fractional digits, else rounded half away from zero at 20 (fewer if the integer part needs the room); normalised.
  public func dividing(by other: ExactDecimal) throws(ArithmeticError) -> ExactDecimal {
    guard !other.isZero else { throw .divisionByZero }
    if isZero { return .zero }
    let dividend = significand.magnitude, divisor = other.significand.magnitude
    // The quotient truncated to one guard digit past the 20 kept: floor(|a/b| × 10^21).
    // |a/b| = dividend / divisor × 10^(other.scale − scale), so that is
    // floor(dividend × 10^shift / divisor) with shift = other.scale − scale + 21, in −17...59.
    let guardScale = ExactDecimal.divisionScale + 1
    let shift = other.scale - scale + guardScale
    let (whole, rest) = dividend.quotientAndRemainder(dividingBy: divisor)
    var truncated: Wide
    if shift >= 0 {
      // Past 2^256 the integer part is far beyond Int128 anyway.
      guard let wholePart = Wide(whole).multipliedByPowerOfTen(shift) else { throw .overflow }
      // Long division of the remainder, up to 38 digits at a time so each step's quotient fits.
      var fraction = Wide(0)
      var remainder = rest
      var left = shift
      while left > 0 {
        let step = Swift.min(left, ExactDecimal.maxScale)
        let (q, r) = divisor.dividingFullWidth(remainder.multipliedFullWidth(by: powerOfTen(step)))
        fraction = fraction.multiplied(by: powerOfTen(step))!.adding(Wide(q))!
        remainder = r
        left -= step
      }
      guard let sum = wholePart.adding(fraction) else { throw .overflow }
      truncated = sum
    } else {
      // floor(floor(x / d) / 10^m) == floor(x / (d × 10^m)).
      truncated = Wide(whole / powerOfTen(-shift))
    }
    // Rounding a truncated value drops at least the guard digit, and a digit of floor(x)
    // is the digit of x, so this rounds exactly as if the quotient were exact.
    return try ExactDecimal.fit(
      negative: isNegative != other.isNegative, magnitude: truncated,
      scale: guardScale, maxScale: ExactDecimal.divisionScale
    ).normalized
  }

  /// Truncated remainder with the sign of the dividend, like Swift's `%`; always exact.
  public func remainder(dividingBy other: ExactDecimal) throws(ArithmeticError) -> ExactDecimal {
    guard !other.isZero else { throw .divisionByZero }
    let k = Swift.max(scale, other.scale)
    var x = significand.magnitude, y = other.significand.magnitude
    var result: UInt128
    if scale < k {
      let factor = powerOfTen(k - scale)
      let (scaled, overflow) = x.multipliedReportingOverflow(by: factor)
      if overflow {
        // (x × 10^m) mod y == ((x mod y) × 10^m) mod y; the 256-bit product's quotient fits
        // because x mod y < y.
        result = y.dividingFullWidth((x % y).multipliedFullWidth(by: factor)).remainder
      } else {
        result = scaled % y
      }
    } else {
      if other.scale < k {
        let (scaled, overflow) = y.multipliedReportingOverflow(by: powerOfTen(k - other.scale))
        // The aligned divisor is beyond Int128, so it exceeds the dividend: nothing to take away.
        if overflow || scaled > UInt128(Int128.max) { return self }
        y = scaled
      }
      x = x % y
      result = x
    }
    let value = Int128(result)  // below the divisor's magnitude, so it fits
    return ExactDecimal(unchecked: isNegative ? -value : value, scale: k)
  }

  /// Rounds half away from zero to `places` fractional digits (places >= 0): 2.5 → 3, −2.5 → −3, 1.005 → 1.01; the scale ends up `places` or less.
  public func rounded(toPlaces places: Int) -> ExactDecimal {
    precondition(places >= 0, "rounded(toPlaces:) needs places >= 0")
    guard places < scale else { return self }
    let drop = scale - places
    // The first dropped digit decides: half away from zero is half up on the magnitude.
    let upToLast = significand.magnitude / powerOfTen(drop - 1)
    let (kept, digit) = upToLast.quotientAndRemainder(dividingBy: 10)
    let value = Int128(kept + (digit >= 5 ? 1 : 0))  // at most |significand| / 10 + 1
    return ExactDecimal(unchecked: isNegative ? -value : value, scale: places)
  }

  /// Fits an exact magnitude at `scale` into a value: drops the fewest trailing digits that
  /// bring the scale to `maxScale` or less and the significand into Int128, rounding half
  /// away from zero (exact when the dropped digits are zeros); `.overflow` if even the
  /// integer part doesn't fit.
  private static func fit(
    negative: Bool, magnitude: Wide, scale: Int, maxScale: Int
  ) throws(ArithmeticError) -> ExactDecimal {
    var drop = Swift.max(0, scale - maxScale)
    if drop == 0 {
      if let value = magnitude.significand {
        return ExactDecimal(unchecked: negative ? -value : value, scale: scale)
      }
      drop = 1
    }
    guard drop <= scale else { throw .overflow }
    // Keep the truncated value with one digit more than will be kept, so every attempt
    // rounds from the original digits rather than an already-rounded value.
    var withRoundingDigit = magnitude.dividedByPowerOfTen(drop - 1)
    while true {
      let (kept, digit) = withRoundingDigit.quotientAndRemainder(dividingBy: 10)
      // kept < 2^256 / 10, so adding one can't overflow.
      let rounded = digit >= 5 ? kept.adding(Wide(1))! : kept
      if let value = rounded.significand {
        return ExactDecimal(unchecked: negative ? -value : value, scale: scale - drop)
      }
      drop += 1
      guard drop <= scale else { throw .overflow }
      withRoundingDigit = kept
    }
  }
}

// MARK: - Text

extension ExactDecimal {
  /// Canonical text: no exponent, no trailing fractional zeros, "-" for negatives, "0" for zero.
  public var description: String {
    let n = normalized
    let magnitude = n.significand.magnitude
    // Longest is "-" + "0." + 38 digits or "-" + 39 digits: 41 bytes.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
      let end = buffer.count
      var start: Int
      if n.scale == 0 {
        start = ExactDecimal.writeDigits(magnitude, minimumCount: 1, into: buffer, endingAt: end)
      } else {
        let (whole, fraction) = magnitude.quotientAndRemainder(dividingBy: powerOfTen(n.scale))
        start = ExactDecimal.writeDigits(fraction, minimumCount: n.scale, into: buffer, endingAt: end)
        start -= 1
        buffer[start] = UInt8(ascii: ".")
        start = ExactDecimal.writeDigits(whole, minimumCount: 1, into: buffer, endingAt: start)
      }
      if n.significand < 0 {
        start -= 1
        buffer[start] = UInt8(ascii: "-")
      }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
    }
  }

  /// The value rounded half away from zero to exactly `places` fractional digits, as the digits a formatter lays out; `negative` is false when the rounded value is zero.
  public func digits(places: Int) -> (negative: Bool, integer: String, fraction: String) {
    let r = rounded(toPlaces: places)  // scale ≤ places
    let (whole, fraction) = r.significand.magnitude.quotientAndRemainder(dividingBy: powerOfTen(r.scale))
    let integerText = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
      let start = ExactDecimal.writeDigits(whole, minimumCount: 1, into: buffer, endingAt: buffer.count)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
    }
    let fractionText: String
    if places == 0 {
      fractionText = ""
    } else {
      // The fraction's own digits (zero padded to the rounded scale), then zeros up to `places`.
      fractionText = String(unsafeUninitializedCapacity: places) { buffer in
        let zero = UInt8(ascii: "0")
        if r.scale > 0 {
          _ = ExactDecimal.writeDigits(fraction, minimumCount: r.scale, into: buffer, endingAt: r.scale)
        }
        for i in r.scale..<places { buffer[i] = zero }
        return places
      }
    }
    return (r.significand < 0, integerText, fractionText)
  }

  /// Writes `value` in decimal so it ends just before `end`, zero padded to at least
  /// `minimumCount` digits, and returns where it starts. Works 19 digits at a time in
  /// 64 bits because 128-bit division is slow.
  private static func writeDigits(
    _ value: UInt128, minimumCount: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, endingAt end: Int
  ) -> Int {
    let zero = UInt8(ascii: "0")
    var i = end
    var rest = value
    while rest > UInt128(UInt64.max) {
      let (q, r) = rest.quotientAndRemainder(dividingBy: 10_000_000_000_000_000_000)
      var chunk = UInt64(r)
      for _ in 0..<19 {
        i -= 1
        buffer[i] = zero + UInt8(chunk % 10)
        chunk /= 10
      }
      rest = q
    }
    var small = UInt64(rest)
    while small != 0 {
      i -= 1
      buffer[i] = zero + UInt8(small % 10)
      small /= 10
    }
    while end - i < minimumCount {
      i -= 1
      buffer[i] = zero
    }
    return i
  }
}

// MARK: - Helpers

/// 10^0 through 10^38, every power of ten a `UInt128` holds.
private let powersOfTen: [UInt128] = {
  var table: [UInt128] = [1]
  table.reserveCapacity(39)
  for _ in 1...38 { table.append(table[table.count - 1] * 10) }
  return table
}()

/// 10^n for n in 0...38.
@inline(__always)
private func powerOfTen(_ n: Int) -> UInt128 {
  powersOfTen[n]
}

/// A 256-bit unsigned integer: room for any product of two significands, or an aligned
/// significand (below 2^127 × 10^38), so slow paths can work exactly before rounding.
private struct Wide: Comparable {
  var high: UInt128
  var low: UInt128

  init(high: UInt128, low: UInt128) {
    self.high = high
    self.low = low
  }

  init(_ value: UInt128) {
    high = 0
    low = value
  }

  static func product(_ a: UInt128, _ b: UInt128) -> Wide {
    let (high, low) = a.multipliedFullWidth(by: b)
    return Wide(high: high, low: low)
  }

  static func < (lhs: Wide, rhs: Wide) -> Bool {
    lhs.high != rhs.high ? lhs.high < rhs.high : lhs.low < rhs.low
  }

  /// The value as a significand when it is at most `Int128.max`.
  var significand: Int128? {
    high == 0 && low <= UInt128(Int128.max) ? Int128(low) : nil
  }

  /// The sum, or nil past 2^256.
  func adding(_ other: Wide) -> Wide? {
    let (low, carry) = low.addingReportingOverflow(other.low)
    let (high1, overflow1) = high.addingReportingOverflow(other.high)
    let (high2, overflow2) = high1.addingReportingOverflow(carry ? 1 : 0)
    return overflow1 || overflow2 ? nil : Wide(high: high2, low: low)
  }

  /// The difference; `other` must not exceed `self`.
  func subtracting(_ other: Wide) -> Wide {
    let (low, borrow) = low.subtractingReportingOverflow(other.low)
    return Wide(high: high - other.high - (borrow ? 1 : 0), low: low)
  }

  /// The product, or nil past 2^256.
  func multiplied(by m: UInt128) -> Wide? {
    let (carry, low) = low.multipliedFullWidth(by: m)
    let (overflowDigits, highPart) = high.multipliedFullWidth(by: m)
    guard overflowDigits == 0 else { return nil }
    let (high, overflow) = highPart.addingReportingOverflow(carry)
    return overflow ? nil : Wide(high: high, low: low)
  }

  /// self × 10^n for any n ≥ 0, or nil past 2^256.
  func multipliedByPowerOfTen(_ n: Int) -> Wide? {
    var result = self
    var left = n
    while left > 0 {
      let step = Swift.min(left, 38)
      guard let next = result.multiplied(by: powerOfTen(step)) else { return nil }
      result = next
      left -= step
    }
    return result
  }

  /// Truncating division by a nonzero divisor.
  func quotientAndRemainder(dividingBy d: UInt128) -> (quotient: Wide, remainder: UInt128) {
    let (qHigh, rHigh) = high.quotientAndRemainder(dividingBy: d)
    // rHigh < d, so this quotient fits in 128 bits.
    let (qLow, r) = d.dividingFullWidth((rHigh, low))
    return (Wide(high: qHigh, low: qLow), r)
  }

  /// floor(self / 10^n) for any n ≥ 0; truncating in steps is the same as truncating once.
  func dividedByPowerOfTen(_ n: Int) -> Wide {
    var result = self
    var left = n
    while left > 0 {
      let step = Swift.min(left, 38)
      result = result.quotientAndRemainder(dividingBy: powerOfTen(step)).quotient
      left -= step
    }
    return result
  }
}
