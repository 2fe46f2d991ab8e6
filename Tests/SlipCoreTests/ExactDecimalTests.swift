import SlipTestSupport
import Testing

@testable import SlipCore

/// Parses `text`, failing the test (not crashing the run) when it doesn't parse.
private func dec(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
  -> ExactDecimal
{
  try #require(ExactDecimal(text), "\"\(text)\" should parse", sourceLocation: sourceLocation)
}

private func pow10(_ n: Int) -> Int128 {
  var p: Int128 = 1
  for _ in 0..<n { p *= 10 }
  return p
}

// MARK: - Parsing

@Test func parsesValidJSONNumbers() throws {
  let cases: [(String, String)] = [
    ("0", "0"),
    ("-0", "0"),
    ("0.0", "0"),
    ("-0.000e5", "0"),
    ("7", "7"),
    ("-7", "-7"),
    ("1.50", "1.5"),
    ("0.1", "0.1"),
    ("-0.05", "-0.05"),
    ("1e3", "1000"),
    ("1E3", "1000"),
    ("1e+2", "100"),
    ("1.5e-2", "0.015"),
    ("12.5e1", "125"),
    ("123e-5", "0.00123"),
    ("0e99999999999999999999999", "0"),
    ("12345678901234567890", "12345678901234567890"),
  ]
  for (text, expected) in cases {
    let value = try dec(text)
    #expect(value.description == expected, "\(text)")
  }
}

@Test func rejectsInvalidSyntax() {
  let bad = [
    "", "-", "+1", "01", "-01", "00", "1.", ".5", "-.5", "1e", "1e+", "1e-", "1.e5", "e5",
    "--1", " 1", "1 ", "1,5", "0x10", "1.5.5", "1e5e5", "1e5.5", "Infinity", "NaN", "٣",
  ]
  for text in bad {
    #expect(ExactDecimal(text) == nil, "\"\(text)\" should not parse")
  }
}

@Test func rejectsValuesThatCantBeExact() {
  // 39 significant digits, even though they would fit Int128.
  #expect(ExactDecimal("123456789012345678901234567890123456789") == nil)
  #expect(ExactDecimal("1.23456789012345678901234567890123456789") == nil)
  // 39 fractional digits needs scale 39.
  #expect(ExactDecimal("0.000000000000000000000000000000000000001") == nil)
  #expect(ExactDecimal("1e-39") == nil)
  // 10^39 doesn't fit.
  #expect(ExactDecimal("1e39") == nil)
  #expect(ExactDecimal("2e38") == nil)
  #expect(ExactDecimal("1e99999999999999999999") == nil)
  #expect(ExactDecimal("1e-99999999999999999999") == nil)
}

@Test func acceptsEdgesOfTheRange() throws {
  let nines = String(repeating: "9", count: 38)
  #expect(try dec(nines).description == nines)
  #expect(try dec("-" + nines).description == "-" + nines)
  #expect(try dec("1e38").description == "1" + String(repeating: "0", count: 38))
  #expect(try dec("1e-38") == ExactDecimal(significand: 1, scale: 38))
  #expect(try dec("10e-39") == ExactDecimal(significand: 1, scale: 38))
  #expect(
    try dec("0.00000000000000000000000000000000000001").description
      == "0.00000000000000000000000000000000000001")
  // Trailing zeros aren't significant digits, however many there are.
  #expect(try dec("1." + String(repeating: "0", count: 100)) == ExactDecimal(1))
  #expect(try dec("0.5" + String(repeating: "0", count: 100) + "e1") == ExactDecimal(5))
  // Leading fractional zeros aren't either: 38 significant digits shifted by an exponent.
  #expect(try dec("0.00000" + nines + "e10") == ExactDecimal(significand: Int128(nines)!, scale: 33))
}

@Test func parsesFromAnyByteCollection() throws {
  let bytes: [UInt8] = Array("-12.75".utf8)
  #expect(ExactDecimal(parsing: bytes) == (try dec("-12.75")))
  #expect(ExactDecimal(parsing: bytes[1...]) == (try dec("12.75")))
  #expect(ExactDecimal(parsing: [UInt8]()) == nil)
}

// MARK: - Arithmetic

@Test func pointOnePlusPointTwoIsExactlyPointThree() throws {
  let sum = try dec("0.1").adding(try dec("0.2"))
  #expect(sum == (try dec("0.3")))
  #expect(sum.description == "0.3")
}

@Test func bigIntegerRoundTripsAndAddsExactly() throws {
  let big = try dec("12345678901234567890")
  #expect(big.description == "12345678901234567890")
  #expect(try big.adding(ExactDecimal(1)).description == "12345678901234567891")
  #expect(try big.multiplying(by: big).description == "152415787532388367501905199875019052100")
}

@Test func addingAndSubtractingAcrossScalesAndSigns() throws {
  #expect(try dec("1.25").adding(dec("-3")).description == "-1.75")
  #expect(try dec("-1.25").subtracting(dec("-1.25")).isZero)
  #expect(try dec("10").subtracting(dec("0.001")).description == "9.999")
  #expect(try dec("0.5").subtracting(dec("0.75")).description == "-0.25")
}

@Test func addingRoundsOnlyWhenTheExactSumCantFit() throws {
  // 38 nines + 0.5 needs 39 digits at scale 1; at scale 0 it rounds up to 10^38, which fits.
  let nines = try dec(String(repeating: "9", count: 38))
  #expect(try nines.adding(dec("0.5")) == dec("1e38"))
  #expect(try nines.negated.adding(dec("-0.5")) == dec("-1e38"))
  // 10^38 + 10^38 has no room even as an integer.
  let top = try dec("1e38")
  #expect(throws: ExactDecimal.ArithmeticError.overflow) { try top.adding(top) }
  #expect(throws: ExactDecimal.ArithmeticError.overflow) { try top.negated.subtracting(top) }
  // Opposite signs with an overflowing alignment: exact when the difference fits Int128...
  #expect(try dec("17e36").adding(dec("-0.5")).description == "16999999999999999999999999999999999999.5")
  // ...and rounded to the integer part when it doesn't (10^38 − 0.5 needs 39 digits).
  #expect(try top.adding(dec("-0.5")) == top)
  #expect(try top.negated.adding(dec("0.6")) == nines.negated)
}

@Test func multiplyingIsExactAndKeepsScaleWhenItFits() throws {
  #expect(try dec("1.5").multiplying(by: dec("-2.25")).description == "-3.375")
  #expect(try dec("0.1").multiplying(by: dec("0.1")) == dec("0.01"))
  #expect(try dec("-3").multiplying(by: dec("0")).isZero)
  #expect(try dec("-3").multiplying(by: dec("0")).isNegative == false)
}

@Test func multiplyingPastScale38DropsZerosThenRounds() throws {
  let a = ExactDecimal(significand: 100, scale: 20)  // 1e-18 with two spare zeros
  let b = ExactDecimal(significand: 1, scale: 20)
  #expect(try a.multiplying(by: b) == ExactDecimal(significand: 1, scale: 38))  // exact
  // 5e-39 rounds half away from zero to 1e-38; 4e-39 rounds to zero.
  #expect(try dec("5e-20").multiplying(by: dec("1e-19")) == ExactDecimal(significand: 1, scale: 38))
  #expect(try dec("-5e-20").multiplying(by: dec("1e-19")) == ExactDecimal(significand: -1, scale: 38))
  #expect(try dec("4e-20").multiplying(by: dec("1e-19")).isZero)
  // A 38-digit fraction squared keeps the 38 leading fractional digits, rounded.
  let third = ExactDecimal(significand: Int128(String(repeating: "3", count: 38))!, scale: 38)
  #expect(try third.multiplying(by: third).description == "0.11111111111111111111111111111111111111")
}

@Test func hugeMultiplyOverflows() throws {
  let big = try dec("1e20")
  #expect(throws: ExactDecimal.ArithmeticError.overflow) { try big.multiplying(by: big) }
  #expect(throws: ExactDecimal.ArithmeticError.overflow) { try big.multiplying(by: big.negated) }
  let nearMax = ExactDecimal(significand: .max, scale: 0)
  #expect(throws: ExactDecimal.ArithmeticError.overflow) { try nearMax.multiplying(by: ExactDecimal(2)) }
  // A product that is exactly -2^127 would be Int128.min, which is never stored.
  let twoTo64 = ExactDecimal(significand: Int128(1) << 64, scale: 0)
  let twoTo63 = ExactDecimal(significand: Int128(1) << 63, scale: 0)
  #expect(throws: ExactDecimal.ArithmeticError.overflow) { try twoTo64.negated.multiplying(by: twoTo63) }
}

@Test func divisionTerminatingIsExact() throws {
  #expect(try dec("10").dividing(by: dec("4")).description == "2.5")
  #expect(try dec("1").dividing(by: dec("8")).description == "0.125")
  #expect(try dec("1").dividing(by: dec("0.001")).description == "1000")
  #expect(try dec("-7.5").dividing(by: dec("2.5")).description == "-3")
  #expect(try dec("0").dividing(by: dec("-3")).description == "0")
  // Normalised: no trailing zeros kept from the working scale.
  let q = try dec("10").dividing(by: dec("4"))
  #expect(q.scale == 1 && q.significand == 25)
}

@Test func divisionRepeatingRoundsAtTwentyDigits() throws {
  #expect(try dec("1").dividing(by: dec("3")).description == "0." + String(repeating: "3", count: 20))
  #expect(try dec("2").dividing(by: dec("3")).description == "0." + String(repeating: "6", count: 19) + "7")
  #expect(try dec("-2").dividing(by: dec("3")).description == "-0." + String(repeating: "6", count: 19) + "7")
  #expect(try dec("2").dividing(by: dec("-3")).description == "-0." + String(repeating: "6", count: 19) + "7")
  // Below half a unit in the 20th place rounds to zero; exactly half rounds away.
  #expect(try dec("0.000001").dividing(by: dec("1e20")).isZero)
  #expect(try dec("1e-20").dividing(by: dec("2")).description == "0.00000000000000000001")
}

@Test func divisionGivesUpFractionDigitsForABigIntegerPart() throws {
  // 30 integer digits leave room for 8 fractional ones within Int128.
  let q = try dec("1e30").dividing(by: dec("3"))
  #expect(q.description == String(repeating: "3", count: 30) + "." + String(repeating: "3", count: 8))
  #expect(throws: ExactDecimal.ArithmeticError.overflow) { try dec("1e37").dividing(by: dec("0.01")) }
  #expect(throws: ExactDecimal.ArithmeticError.overflow) {
    try dec("1e38").dividing(by: ExactDecimal(significand: 1, scale: 38))
  }
}

@Test func divisionByZeroThrows() throws {
  #expect(throws: ExactDecimal.ArithmeticError.divisionByZero) { try dec("1").dividing(by: .zero) }
  #expect(throws: ExactDecimal.ArithmeticError.divisionByZero) { try dec("0").dividing(by: dec("0.00")) }
  #expect(throws: ExactDecimal.ArithmeticError.divisionByZero) { try dec("5").remainder(dividingBy: .zero) }
}

@Test func remainderTruncatesWithTheDividendsSign() throws {
  #expect(try dec("7").remainder(dividingBy: dec("3")) == ExactDecimal(1))
  #expect(try dec("-7").remainder(dividingBy: dec("3")) == ExactDecimal(-1))
  #expect(try dec("7").remainder(dividingBy: dec("-3")) == ExactDecimal(1))
  #expect(try dec("5.5").remainder(dividingBy: dec("2")).description == "1.5")
  #expect(try dec("1").remainder(dividingBy: dec("0.3")).description == "0.1")
  #expect(try dec("6").remainder(dividingBy: dec("3")).isZero)
  #expect(try dec("-6").remainder(dividingBy: dec("3")).isNegative == false)
}

@Test func remainderStaysExactWhenAligningOverflows() throws {
  // 10^38 at scale 1 doesn't fit; 10^39 mod 7 = 6, so the remainder is 0.6.
  #expect(try dec("1e38").remainder(dividingBy: dec("0.7")).description == "0.6")
  #expect(try dec("-1e38").remainder(dividingBy: dec("0.7")).description == "-0.6")
  // A divisor too large to align is larger than the dividend.
  #expect(try dec("0.5").remainder(dividingBy: dec("1e38")).description == "0.5")
}

@Test func negatedFlipsSignAndLeavesZeroAlone() throws {
  #expect(try dec("1.5").negated.description == "-1.5")
  #expect(try dec("-1.5").negated.description == "1.5")
  #expect(ExactDecimal.zero.negated == .zero)
  #expect(ExactDecimal.zero.negated.isNegative == false)
  let nearMin = ExactDecimal(significand: -Int128.max, scale: 0)
  #expect(nearMin.negated.significand == .max)
}

// MARK: - Rounding and digits

@Test func roundingIsHalfAwayFromZero() throws {
  #expect(try dec("2.5").rounded(toPlaces: 0) == ExactDecimal(3))
  #expect(try dec("-2.5").rounded(toPlaces: 0) == ExactDecimal(-3))
  #expect(try dec("2.4999").rounded(toPlaces: 0) == ExactDecimal(2))
  #expect(try dec("1.005").rounded(toPlaces: 2).description == "1.01")
  #expect(try dec("1.004").rounded(toPlaces: 2).description == "1")
  #expect(try dec("0.5").rounded(toPlaces: 0) == ExactDecimal(1))
  #expect(try dec("9.995").rounded(toPlaces: 2).description == "10")
  #expect(try dec("-0.004").rounded(toPlaces: 2).isNegative == false)
  #expect(try dec("123.456").rounded(toPlaces: 5).description == "123.456")
  #expect(try dec("0.149").rounded(toPlaces: 1).description == "0.1")  // no double rounding
  #expect(try dec("1.005").rounded(toPlaces: 2).scale == 2)
}

@Test func digitsPadAndRoundToExactlyThePlaces() throws {
  let d1 = try dec("1234.5").digits(places: 2)
  #expect(d1.negative == false && d1.integer == "1234" && d1.fraction == "50")
  let d2 = try dec("-0.004").digits(places: 2)
  #expect(d2.negative == false && d2.integer == "0" && d2.fraction == "00")
  let d3 = try dec("-0.005").digits(places: 2)
  #expect(d3.negative == true && d3.integer == "0" && d3.fraction == "01")
  let d4 = ExactDecimal.zero.digits(places: 0)
  #expect(d4.negative == false && d4.integer == "0" && d4.fraction == "")
  let d5 = try dec("2.5").digits(places: 0)
  #expect(d5.integer == "3" && d5.fraction == "")
  let d6 = try dec("12345678901234567890.125").digits(places: 2)
  #expect(d6.integer == "12345678901234567890" && d6.fraction == "13")
  let d7 = try dec("0.05").digits(places: 3)
  #expect(d7.integer == "0" && d7.fraction == "050")
  let d8 = try dec("-7").digits(places: 45)
  #expect(d8.negative && d8.integer == "7" && d8.fraction == String(repeating: "0", count: 45))
}

// MARK: - Text

@Test func descriptionIsCanonical() throws {
  #expect(ExactDecimal(significand: 150, scale: 2).description == "1.5")
  #expect(ExactDecimal(significand: -5, scale: 2).description == "-0.05")
  #expect(ExactDecimal(significand: 1000, scale: 3).description == "1")
  #expect(ExactDecimal(significand: 0, scale: 7).description == "0")
  #expect(ExactDecimal(Int.min).description == "-9223372036854775808")
  #expect(ExactDecimal(significand: .max, scale: 0).description == "170141183460469231731687303715884105727")
  #expect(
    ExactDecimal(significand: -.max, scale: 38).description == "-1.70141183460469231731687303715884105727")
  #expect(ExactDecimal(significand: 1, scale: 38).description == "0.00000000000000000000000000000000000001")
  // Every description parses back to the same value.
  for text in ["1.5", "-0.05", "12345678901234567890", "0.00000000000000000000000000000000000001"] {
    #expect(try dec(try dec(text).description) == dec(text))
  }
}

// MARK: - Equality, hashing, order

@Test func equalityAndHashAreNumeric() throws {
  let a = try dec("1.50"), b = try dec("1.5")
  let c = ExactDecimal(significand: 1_500_000, scale: 6)
  #expect(a == b && b == c)
  #expect(a.hashValue == b.hashValue && b.hashValue == c.hashValue)
  #expect(Set([a, b, c]).count == 1)
  #expect(try dec("1.5") != dec("1.05"))
  #expect(try dec("-0") == dec("0.000"))
  #expect(try dec("-0").hashValue == ExactDecimal.zero.hashValue)
}

@Test func negativeZeroIsPlainZero() throws {
  let z = try dec("-0.0")
  #expect(z.isZero && !z.isNegative)
  #expect(z.description == "0")
  #expect(!(z < .zero) && !(ExactDecimal.zero < z))
}

@Test func comparisonIsExactAcrossScales() throws {
  #expect(try dec("1.5") < dec("1.50001"))
  #expect(try dec("-1") < dec("0.5"))
  #expect(try dec("-1.5") < dec("-1.25"))
  #expect(try dec("2") > dec("1.99999999999999999999999999999"))
  // Aligning 10^38 to scale 38 overflows Int128; the order must still come out right.
  let huge = try dec("1e38"), tiny = try dec("1e-38")
  #expect(tiny < huge && huge > tiny)
  #expect(huge.negated < tiny && tiny.negated > huge.negated)
  #expect(huge.negated < tiny.negated)
  let nearMax = ExactDecimal(significand: .max, scale: 0)
  let justBelow = ExactDecimal(significand: .max, scale: 1)
  #expect(justBelow < nearMax && nearMax.negated < justBelow.negated)
  let sorted = try ["3", "-0.5", "0.25", "-10", "0.250001", "1e2"].map { try dec($0) }.sorted()
  #expect(sorted.map(\.description) == ["-10", "-0.5", "0.25", "0.250001", "3", "100"])
}

// MARK: - Properties

@Test func integerPropertiesAndIntValue() throws {
  #expect(try dec("42").intValue == 42)
  #expect(try dec("4.0").intValue == 4)
  #expect(try dec("-4.000").intValue == -4)
  #expect(try dec("4.5").intValue == nil)
  #expect(try dec("1e20").intValue == nil)
  #expect(try dec("-9223372036854775808").intValue == Int.min)
  #expect(try dec("9223372036854775808").intValue == nil)
  #expect(try dec("4.0").isInteger)
  #expect(try !dec("4.01").isInteger)
  #expect(ExactDecimal.zero.isInteger && ExactDecimal.zero.intValue == 0)
  #expect(try dec("1e38").isInteger)
}

/// Checks the arithmetic against plain Int128 math on values small enough to be exact.
@Test func arithmeticMatchesIntegerReference() throws {
  var rng = SplitMix64(seed: 42)
  for _ in 0..<2_000 {
    let x = Int128(Int64.random(in: -1_000_000...1_000_000, using: &rng))
    let y = Int128(Int64.random(in: -1_000_000...1_000_000, using: &rng))
    let kx = Int.random(in: 0...6, using: &rng), ky = Int.random(in: 0...6, using: &rng)
    let a = ExactDecimal(significand: x, scale: kx), b = ExactDecimal(significand: y, scale: ky)
    let k = max(kx, ky)
    let xa = x * pow10(k - kx), ya = y * pow10(k - ky)

    #expect(try a.adding(b) == ExactDecimal(significand: xa + ya, scale: k))
    #expect(try a.subtracting(b) == ExactDecimal(significand: xa - ya, scale: k))
    #expect(try a.multiplying(by: b) == ExactDecimal(significand: x * y, scale: kx + ky))
    #expect((a < b) == (xa < ya))
    #expect((a == b) == (xa == ya))
    guard y != 0 else { continue }
    #expect(try a.remainder(dividingBy: b) == ExactDecimal(significand: xa % ya, scale: k))
    // a / b × 10^20 = x × 10^(20 + ky − kx) / y, rounded half away from zero.
    let numerator = x * pow10(20 + ky), denominator = y * pow10(kx)
    let (q, r) = numerator.quotientAndRemainder(dividingBy: denominator)
    let roundsAway = 2 * r.magnitude >= denominator.magnitude
    let expected = roundsAway ? q + ((numerator < 0) != (denominator < 0) ? -1 : 1) : q
    #expect(try a.dividing(by: b) == ExactDecimal(significand: expected, scale: 20))
  }
}
