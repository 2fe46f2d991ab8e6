import Testing

@testable import SlipCore

/// The 64-bit fast path of money formatting writes exactly what the general path writes.
@Suite struct MoneyFormatTests {
  static let formats: [MoneyFormat] =
    [MoneyFormat.rupiah, MoneyFormat.englishNumber, MoneyFormat.indonesianNumber]
    + ["USD", "EUR", "INR", "JPY", "VND"].compactMap { code in
      MoneyFormat.currencies.first { $0.code == code }?.format
    }

  @Test func fastPathAgreesWithTheExactPath() throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    for _ in 0..<5000 {
      let digits = Int(next() % 19)
      var significand = Int128(next() % 1_000_000_000_000_000_000)
      for _ in 0..<(18 - digits) { significand /= 10 }
      if next() % 2 == 0 { significand = -significand }
      let amount = ExactDecimal(significand: significand, scale: Int(next() % 8))
      let places = Int(next() % 4)
      for format in Self.formats {
        #expect(
          format.format(amount, places: places) == format.formatExact(amount, places: places), "\(amount)")
      }
    }
  }

  @Test func edgesOfTheFastPath() throws {
    for text in ["0", "-0.004", "0.005", "-2.5", "99999999999999999", "100000000000000000", "1234567.891"] {
      let amount = try #require(ExactDecimal(text))
      for format in Self.formats {
        for places in 0...3 {
          #expect(
            format.format(amount, places: places) == format.formatExact(amount, places: places), "\(text)")
        }
      }
    }
  }
}
