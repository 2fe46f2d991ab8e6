import Testing

@testable import SlipCore

/// A number value from its JSON text.
private func num(_ text: String) -> Value {
  .number(ExactDecimal(text)!)
}

/// Runs the formatting filter `name` and returns its text, recording an issue if it fails.
private func format(
  _ name: String, _ value: Value, _ arguments: [Value] = [],
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> String? {
  do throws(FilterFailure) {
    let result = try FilterCatalog.formatting[name]!.apply(value, arguments)
    guard case .string(let text) = result else {
      Issue.record("'\(name)' gave \(result), not text", sourceLocation: sourceLocation)
      return nil
    }
    return text
  } catch {
    Issue.record("'\(name)' failed: \(error.message)", sourceLocation: sourceLocation)
    return nil
  }
}

/// Runs the formatting filter `name` and returns its failure message, recording an issue if it succeeds.
private func failure(
  _ name: String, _ value: Value, _ arguments: [Value] = [],
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> String? {
  do throws(FilterFailure) {
    let result = try FilterCatalog.formatting[name]!.apply(value, arguments)
    Issue.record("'\(name)' should fail but gave \(result)", sourceLocation: sourceLocation)
    return nil
  } catch {
    return error.message
  }
}

/// The formatting filters, called the way the evaluator calls them.
@Suite struct FormattingFilterTests {}

// MARK: - Catalog

extension FormattingFilterTests {
  @Suite struct FormattingCatalogTests {
    @Test func everyFilterIsListedUnderItsOwnName() {
      #expect(
        Set(FilterCatalog.formatting.keys) == [
          "currency", "date", "join", "number", "pad", "title", "trim", "truncate",
        ])
      for (name, filter) in FilterCatalog.formatting {
        #expect(filter.name == name)
        #expect(filter.signature.hasPrefix(name))
        #expect(filter.minArguments <= filter.maxArguments)
      }
    }

    @Test func aritiesMatchTheSignatures() {
      let arities = FilterCatalog.formatting.mapValues { [$0.minArguments, $0.maxArguments] }
      #expect(arities["currency"] == [1, 1])
      #expect(arities["date"] == [1, 2])
      #expect(arities["number"] == [1, 2])
      #expect(arities["title"] == [0, 0])
      #expect(arities["trim"] == [0, 0])
      #expect(arities["truncate"] == [1, 1])
    }

    @Test func namesDoNotClashWithTheStandardFilters() {
      // Before the merge none of them is in 'standard'; after it, each is the same filter.
      for (name, filter) in FilterCatalog.formatting {
        let standard = FilterCatalog.standard[name]
        #expect(standard == nil || standard?.signature == filter.signature)
      }
    }
  }
}

// MARK: - Currency

extension FormattingFilterTests {
  @Suite struct CurrencyFilterTests {
    /// Code, amount, expected: one positive, one negative, one rounding case per currency.
    static let cases: [(String, String, String)] = [
      ("AUD", "1234.5", "$1,234.50"), ("AUD", "-5", "-$5.00"), ("AUD", "0.125", "$0.13"),
      ("EUR", "1234.5", "1.234,50 €"), ("EUR", "-1234.5", "-1.234,50 €"), ("EUR", "0.005", "0,01 €"),
      ("GBP", "1234.5", "£1,234.50"), ("GBP", "-5", "-£5.00"), ("GBP", "2.675", "£2.68"),
      ("IDR", "25000", "Rp 25.000"), ("IDR", "-5000", "-Rp 5.000"), ("IDR", "1234.5", "Rp 1.235"),
      ("INR", "1234567.5", "₹12,34,567.50"), ("INR", "-1234567.5", "-₹12,34,567.50"),
      ("INR", "0.995", "₹1.00"),
      ("JPY", "1234.5", "￥1,235"), ("JPY", "-1234.5", "-￥1,235"), ("JPY", "1234.49", "￥1,234"),
      ("MYR", "1234.5", "RM 1,234.50"), ("MYR", "-5", "-RM 5.00"), ("MYR", "0.015", "RM 0.02"),
      ("PHP", "1234.5", "₱1,234.50"), ("PHP", "-5", "-₱5.00"), ("PHP", "-0.005", "-₱0.01"),
      ("SGD", "1234.5", "$1,234.50"), ("SGD", "-5", "-$5.00"), ("SGD", "999.995", "$1,000.00"),
      ("THB", "1234.5", "฿1,234.50"), ("THB", "-5", "-฿5.00"), ("THB", "1.004", "฿1.00"),
      ("USD", "1234.5", "$1,234.50"), ("USD", "-5", "-$5.00"), ("USD", "1234.505", "$1,234.51"),
      ("VND", "1234500", "1.234.500 ₫"), ("VND", "-1234500", "-1.234.500 ₫"), ("VND", "1234.5", "1.235 ₫"),
    ]

    @Test(arguments: cases)
    func formatsInTheHomeLocale(code: String, amount: String, expected: String) {
      #expect(format("currency", num(amount), [.string(code)]) == expected)
    }

    @Test func zeroHasNoSignInAnyCurrency() {
      let expected = [
        "AUD": "$0.00", "EUR": "0,00 €", "GBP": "£0.00", "IDR": "Rp 0", "INR": "₹0.00", "JPY": "￥0",
        "MYR": "RM 0.00", "PHP": "₱0.00", "SGD": "$0.00", "THB": "฿0.00", "USD": "$0.00", "VND": "0 ₫",
      ]
      for (code, text) in expected {
        #expect(format("currency", num("0"), [.string(code)]) == text)
        #expect(format("currency", num("-0.00"), [.string(code)]) == text)
        // Rounds to zero: no '-' on a zero amount.
        #expect(format("currency", num("-0.001"), [.string(code)]) == text)
      }
    }

    @Test func largeAmountsKeepEveryDigit() {
      let large = num("12345678901234567890")
      let expected = [
        "AUD": "$12,345,678,901,234,567,890.00", "EUR": "12.345.678.901.234.567.890,00 €",
        "GBP": "£12,345,678,901,234,567,890.00", "IDR": "Rp 12.345.678.901.234.567.890",
        "INR": "₹1,23,45,67,89,01,23,45,67,890.00", "JPY": "￥12,345,678,901,234,567,890",
        "MYR": "RM 12,345,678,901,234,567,890.00", "PHP": "₱12,345,678,901,234,567,890.00",
        "SGD": "$12,345,678,901,234,567,890.00", "THB": "฿12,345,678,901,234,567,890.00",
        "USD": "$12,345,678,901,234,567,890.00", "VND": "12.345.678.901.234.567.890 ₫",
      ]
      #expect(Set(expected.keys) == Set(MoneyFormat.currencies.map(\.code)))
      for (code, text) in expected {
        #expect(format("currency", large, [.string(code)]) == text)
      }
      #expect(
        format("currency", num("-12345678901234567890.125"), [.string("USD")])
          == "-$12,345,678,901,234,567,890.13")
    }

    @Test func indianGroupingAtEveryLength() {
      let cases: [(String, String)] = [
        ("1", "₹1.00"), ("12", "₹12.00"), ("123", "₹123.00"), ("1234", "₹1,234.00"), ("12345", "₹12,345.00"),
        ("123456", "₹1,23,456.00"), ("1234567", "₹12,34,567.00"), ("12345678", "₹1,23,45,678.00"),
        ("123456789", "₹12,34,56,789.00"), ("1234567890", "₹1,23,45,67,890.00"),
        ("99999.999", "₹1,00,000.00"), ("-100000", "-₹1,00,000.00"),
      ]
      for (amount, expected) in cases {
        #expect(format("currency", num(amount), [.string("INR")]) == expected)
      }
    }

    @Test func westernGroupingAtEveryLength() {
      let cases: [(String, String)] = [
        ("1", "$1.00"), ("12", "$12.00"), ("123", "$123.00"), ("1234", "$1,234.00"), ("12345", "$12,345.00"),
        ("123456", "$123,456.00"), ("1234567", "$1,234,567.00"), ("1000000000", "$1,000,000,000.00"),
      ]
      for (amount, expected) in cases {
        #expect(format("currency", num(amount), [.string("USD")]) == expected)
      }
    }

    @Test func codesIgnoreCase() {
      #expect(format("currency", num("5"), [.string("usd")]) == "$5.00")
      #expect(format("currency", num("5"), [.string("Eur")]) == "5,00 €")
      #expect(format("currency", num("5000"), [.string("idr")]) == "Rp 5.000")
    }

    @Test func rupiahAgreesAndIsUnchanged() throws {
      let rupiah = FilterCatalog.standard["rupiah"]!
      for amount in ["0", "25000", "-5000", "1234.5", "12345678901234567890", "999.5"] {
        let viaRupiah = try? rupiah.apply(num(amount), [])
        let viaCurrency = try? FilterCatalog.formatting["currency"]!.apply(num(amount), [.string("IDR")])
        #expect(viaRupiah == viaCurrency)
      }
      #expect(try rupiah.apply(num("25000"), []) == .string("Rp 25.000"))
      #expect(try rupiah.apply(num("1234.5"), [num("2")]) == .string("Rp 1.234,50"))
      #expect(try rupiah.apply(num("-5000"), []) == .string("-Rp 5.000"))
      #expect(try rupiah.apply(num("1234567.891"), [num("2")]) == .string("Rp 1.234.567,89"))
    }

    @Test func unknownCodeListsTheSupportedOnes() {
      #expect(
        failure("currency", num("5"), [.string("XYZ")])
          == "'currency' doesn't know 'XYZ'; the currencies are 'AUD', 'EUR', 'GBP', 'IDR', 'INR', 'JPY', 'MYR',"
          + " 'PHP', 'SGD', 'THB', 'USD', 'VND'")
      #expect(failure("currency", num("5"), [.string("")])?.hasPrefix("'currency' doesn't know ''") == true)
    }

    @Test func wrongInputsAreExplained() {
      #expect(
        failure("currency", .string("abc"), [.string("USD")]) == "'currency' needs a number, got string 'abc'"
      )
      #expect(failure("currency", .null, [.string("USD")]) == "'currency' needs a number, got null")
      #expect(
        failure("currency", .bool(true), [.string("USD")]) == "'currency' needs a number, got boolean true")
      #expect(failure("currency", .array([]), [.string("USD")]) == "'currency' needs a number, got list")
      #expect(
        failure("currency", num("5"), [num("840")])
          == "'currency' needs a currency code as text, like 'USD', got number 840")
      #expect(
        failure("currency", num("5"), [])
          == "'currency' needs a currency code as text, like 'USD', got nothing"
      )
    }
  }
}

// MARK: - Number

extension FormattingFilterTests {
  @Suite struct NumberFilterTests {
    @Test func englishIsTheDefault() {
      #expect(format("number", num("1234.5"), [num("2")]) == "1,234.50")
      #expect(format("number", num("1234.5"), [num("2"), .string("en")]) == "1,234.50")
      #expect(format("number", num("-1234.5"), [num("2")]) == "-1,234.50")
      #expect(format("number", num("1234567.891"), [num("1")]) == "1,234,567.9")
      #expect(format("number", num("999"), [num("0")]) == "999")
    }

    @Test func indonesianSwapsTheSeparators() {
      #expect(format("number", num("1234.5"), [num("2"), .string("id")]) == "1.234,50")
      #expect(format("number", num("-1234567.5"), [num("0"), .string("id")]) == "-1.234.568")
      #expect(format("number", num("0.5"), [num("3"), .string("ID")]) == "0,500")
      #expect(format("number", num("1234.5"), [num("2"), .string("EN")]) == "1,234.50")
    }

    @Test func roundsHalfAwayFromZero() {
      #expect(format("number", num("2.5"), [num("0")]) == "3")
      #expect(format("number", num("-2.5"), [num("0")]) == "-3")
      #expect(format("number", num("1.005"), [num("2")]) == "1.01")
      #expect(format("number", num("-0.4"), [num("0")]) == "0")
      #expect(format("number", num("0.00000000005"), [num("10")]) == "0.0000000001")
      #expect(format("number", num("1.5"), [num("10")]) == "1.5000000000")
    }

    @Test func largeNumbersKeepEveryDigit() {
      #expect(format("number", num("12345678901234567890"), [num("0")]) == "12,345,678,901,234,567,890")
      #expect(
        format("number", num("12345678901234567890"), [num("2"), .string("id")])
          == "12.345.678.901.234.567.890,00")
    }

    @Test func wrongInputsAreExplained() {
      #expect(failure("number", .string("abc"), [num("2")]) == "'number' needs a number, got string 'abc'")
      #expect(failure("number", num("1"), [num("11")]) == "'number' takes 0 to 10 decimal places")
      #expect(failure("number", num("1"), [num("-1")]) == "'number' takes 0 to 10 decimal places")
      #expect(failure("number", num("1"), [num("1.5")]) == "'number' takes 0 to 10 decimal places")
      #expect(failure("number", num("1"), [.string("2")]) == "'number' takes 0 to 10 decimal places")
      #expect(failure("number", num("1"), []) == "'number' takes 0 to 10 decimal places")
      #expect(
        failure("number", num("1"), [num("2"), .string("fr")])
          == "'number' knows the locales 'en' and 'id', got string 'fr'")
      #expect(
        failure("number", num("1"), [num("2"), num("1")])
          == "'number' knows the locales 'en' and 'id', got number 1")
    }
  }
}

// MARK: - Text

extension FormattingFilterTests {
  @Suite struct TextFilterTests {
    @Test func titleCapitalisesEachWord() {
      #expect(format("title", .string("hello WORLD")) == "Hello World")
      #expect(format("title", .string("kopi susu gula aren")) == "Kopi Susu Gula Aren")
      #expect(format("title", .string("  two   spaces  ")) == "  Two   Spaces  ")
      #expect(format("title", .string("tab\tand\nnewline")) == "Tab\tAnd\nNewline")
      #expect(format("title", .string("")) == "")
      #expect(format("title", .string("o'NEIL mcDONALD")) == "O'neil Mcdonald")
    }

    @Test func titleHandlesNonASCII() {
      #expect(format("title", .string("élan ÉCOLE")) == "Élan École")
      // A decomposed accent stays on its letter.
      let decomposed = format("title", .string("e\u{301}lan"))
      #expect(decomposed.map { Array($0.unicodeScalars) } == ["E", "\u{301}", "l", "a", "n"])
      #expect(format("title", .string("ǆemal")) == "ǅemal")  // title case, not upper case
      #expect(format("title", .string("ßa STRASSE")) == "Ssa Strasse")
      #expect(format("title", .string("東京 tower")) == "東京 Tower")
      #expect(format("title", .string("ПРИВЕТ мир")) == "Привет Мир")
    }

    @Test func titleTakesNumbersAsText() {
      #expect(format("title", num("12.50")) == "12.5")
      #expect(failure("title", .bool(true)) == "'title' needs text, got boolean true")
      #expect(failure("title", .null) == "'title' needs text, got null")
    }

    @Test func trimDropsOuterWhitespaceOnly() {
      #expect(format("trim", .string("  a  b  ")) == "a  b")
      #expect(format("trim", .string("\t\n x \u{A0}")) == "x")
      #expect(format("trim", .string("\u{3000}東京\u{3000}")) == "東京")
      #expect(format("trim", .string("   ")) == "")
      #expect(format("trim", .string("")) == "")
      #expect(format("trim", .string("abc")) == "abc")
      #expect(format("trim", .string(" e\u{301} ")).map { Array($0.unicodeScalars) } == ["e", "\u{301}"])
      #expect(format("trim", num("-3")) == "-3")
      #expect(failure("trim", .array([])) == "'trim' needs text, got list")
    }

    @Test func truncateLeavesTextThatFits() {
      #expect(format("truncate", .string("hello"), [num("5")]) == "hello")
      #expect(format("truncate", .string("hello"), [num("50")]) == "hello")
      #expect(format("truncate", .string("東京都庁"), [num("8")]) == "東京都庁")
      #expect(format("truncate", .string(""), [num("0")]) == "")
    }

    @Test func truncateEndsWithDotsWithinTheLimit() {
      #expect(format("truncate", .string("hello world"), [num("8")]) == "hello...")
      #expect(format("truncate", .string("hello world"), [num("10")]) == "hello w...")
      #expect(format("truncate", .string("hello"), [num("4")]) == "h...")
      #expect(format("truncate", .string("hello"), [num("3")]) == "...")
    }

    @Test func truncateCountsWideCharactersAsTwoColumns() {
      // 東京都庁舎 is 10 columns.
      #expect(format("truncate", .string("東京都庁舎"), [num("9")]) == "東京都...")  // 6 + 3
      #expect(format("truncate", .string("東京都庁舎"), [num("8")]) == "東京...")  // 都 would cross: 4 + 3
      #expect(format("truncate", .string("a東京x"), [num("5")]) == "a...")  // 東 would end at column 3 > 2
      #expect(format("truncate", .string("a東京x"), [num("6")]) == "a東京x")
      #expect(format("truncate", .string("a東京xy"), [num("6")]) == "a東...")
      for limit in 0...12 {
        let text = format("truncate", .string("Kopi 東京 susu ☕️ e\u{301}"), [num(String(limit))]) ?? ""
        #expect(TextWidth.columns(of: text) <= limit)
      }
    }

    @Test func truncateNeverSplitsAGraphemeCluster() {
      let accents = String(repeating: "e\u{301}", count: 5)  // five columns
      let cut = format("truncate", .string(accents), [num("4")])
      #expect(cut.map { Array($0.unicodeScalars) } == ["e", "\u{301}", ".", ".", "."])
      let flags = "🇮🇩🇯🇵🇸🇬"  // three flags, two columns each
      #expect(format("truncate", .string(flags), [num("5")]) == "🇮🇩...")
      #expect(format("truncate", .string(flags), [num("4")]) == "...")
      let family = "👨‍👩‍👧 family"
      #expect(format("truncate", .string(family), [num("6")]) == "👨‍👩‍👧 ...")  // 2 + 1 + 3
      #expect(format("truncate", .string(family), [num("4")]) == "...")
    }

    @Test func truncateBelowThreeColumnsKeepsOnlyDots() {
      #expect(format("truncate", .string("hello"), [num("2")]) == "..")
      #expect(format("truncate", .string("hello"), [num("1")]) == ".")
      #expect(format("truncate", .string("hello"), [num("0")]) == "")
    }

    @Test func truncateExplainsWrongInputs() {
      let message = "'truncate' takes a whole number of columns, 0 or more"
      #expect(failure("truncate", .string("x"), [num("-1")]) == message)
      #expect(failure("truncate", .string("x"), [num("2.5")]) == message)
      #expect(failure("truncate", .string("x"), [.string("3")]) == message)
      #expect(failure("truncate", .string("x"), []) == message)
      #expect(format("truncate", num("123456.75"), [num("6")]) == "123...")
      #expect(failure("truncate", .bool(false), [num("3")]) == "'truncate' needs text, got boolean false")
    }
  }
}

// MARK: - Date

extension FormattingFilterTests {
  @Suite struct DateFilterTests {
    @Test func yearTokens() {
      #expect(format("date", .string("2026-11-30"), [.string("yyyy yy y")]) == "2026 26 2026")
      #expect(format("date", .string("2005-01-02"), [.string("yyyy yy y")]) == "2005 05 2005")
      #expect(format("date", .string("0042-01-02"), [.string("yyyy yy y")]) == "0042 42 42")
      #expect(format("date", .string("0001-01-01"), [.string("yyyy yy y")]) == "0001 01 1")
    }

    @Test func monthAndDayTokens() {
      #expect(format("date", .string("2026-03-05"), [.string("MMMM MMM MM M dd d")]) == "March Mar 03 3 05 5")
      #expect(
        format("date", .string("2026-11-30"), [.string("MMMM MMM MM M dd d")]) == "November Nov 11 11 30 30")
      #expect(
        format("date", .string("2026-08-17"), [.string("MMMM MMM MM M dd d"), .string("id")])
          == "Agustus Agu 08 8 17 17")
    }

    @Test func timeTokens() {
      let pattern = Value.string("HH H hh h mm m ss s a")
      #expect(format("date", .string("2026-03-05T09:04:07"), [pattern]) == "09 9 09 9 04 4 07 7 AM")
      #expect(format("date", .string("2026-03-05T14:05:09"), [pattern]) == "14 14 02 2 05 5 09 9 PM")
      #expect(format("date", .string("2026-03-05T00:00"), [pattern]) == "00 0 12 12 00 0 00 0 AM")
      #expect(format("date", .string("2026-03-05T12:00"), [pattern]) == "12 12 12 12 00 0 00 0 PM")
      #expect(format("date", .string("2026-03-05T23:59:59"), [pattern]) == "23 23 11 11 59 59 59 59 PM")
      #expect(
        format("date", .string("2026-03-05T11:59:59"), [pattern, .string("id")])
          == "11 11 11 11 59 59 59 59 AM"
      )
      #expect(format("date", .string("2026-03-05T13:00"), [.string("h:mm a"), .string("id")]) == "1:00 PM")
    }

    @Test func englishNames() {
      let months = (1...12).compactMap { month in
        format("date", .string("2026-\(month < 10 ? "0" : "")\(month)-01"), [.string("MMMM/MMM")])
      }
      #expect(
        months == [
          "January/Jan", "February/Feb", "March/Mar", "April/Apr", "May/May", "June/Jun", "July/Jul",
          "August/Aug", "September/Sep", "October/Oct", "November/Nov", "December/Dec",
        ])
      // 2026-11-29 is a Sunday.
      let days = (29...35).compactMap { day in
        let date = day <= 30 ? "2026-11-\(day)" : "2026-12-0\(day - 30)"
        return format("date", .string(date), [.string("EEEE/EEE")])
      }
      #expect(
        days == [
          "Sunday/Sun", "Monday/Mon", "Tuesday/Tue", "Wednesday/Wed", "Thursday/Thu", "Friday/Fri",
          "Saturday/Sat",
        ])
    }

    @Test func indonesianNames() {
      let months = (1...12).compactMap { month in
        format(
          "date", .string("2026-\(month < 10 ? "0" : "")\(month)-01"), [.string("MMMM/MMM"), .string("id")])
      }
      #expect(
        months == [
          "Januari/Jan", "Februari/Feb", "Maret/Mar", "April/Apr", "Mei/Mei", "Juni/Jun", "Juli/Jul",
          "Agustus/Agu", "September/Sep", "Oktober/Okt", "November/Nov", "Desember/Des",
        ])
      let days = (29...35).compactMap { day in
        let date = day <= 30 ? "2026-11-\(day)" : "2026-12-0\(day - 30)"
        return format("date", .string(date), [.string("EEEE/EEE"), .string("ID")])
      }
      #expect(
        days == ["Minggu/Min", "Senin/Sen", "Selasa/Sel", "Rabu/Rab", "Kamis/Kam", "Jumat/Jum", "Sabtu/Sab"])
    }

    @Test func wholePatterns() {
      let value = Value.string("2026-08-17T19:45:00+07:00")
      #expect(
        format("date", value, [.string("EEEE, d MMMM yyyy HH.mm"), .string("id")])
          == "Senin, 17 Agustus 2026 19.45")
      #expect(format("date", value, [.string("EEE, MMM d, yyyy h:mm a")]) == "Mon, Aug 17, 2026 7:45 PM")
      #expect(format("date", value, [.string("dd/MM/yy")]) == "17/08/26")
      #expect(format("date", value, [.string("yyyy-MM-dd'T'HH:mm:ss")]) == "2026-08-17T19:45:00")
    }

    @Test func quotedLiterals() {
      let value = Value.string("2026-11-30T14:05")
      #expect(format("date", value, [.string("d MMM yyyy 'at' HH:mm")]) == "30 Nov 2026 at 14:05")
      #expect(format("date", value, [.string("h 'o''clock'")]) == "2 o'clock")
      #expect(format("date", value, [.string("''yy")]) == "'26")
      #expect(format("date", value, [.string("yyyy''MM")]) == "2026'11")
      #expect(format("date", value, [.string("'Tanggal:' d")]) == "Tanggal: 30")
      #expect(format("date", value, [.string("''''")]) == "''")
      #expect(format("date", value, [.string("'' 'Quarter Q' ''")]) == "' Quarter Q '")
      #expect(format("date", value, [.string("")]) == "")
    }

    @Test func otherCharactersAreLiteral() {
      let value = Value.string("2026-11-30T14:05:09")
      #expect(format("date", value, [.string("dd.MM.yyyy – HH:mm:ss")]) == "30.11.2026 – 14:05:09")
      #expect(format("date", value, [.string("d/M 1é 東京 [#]")]) == "30/11 1é 東京 [#]")
    }

    @Test func patternErrors() {
      let value = Value.string("2026-11-30")
      #expect(failure("date", value, [.string("Q yyyy")]) == "unknown date pattern letter 'Q'")
      #expect(failure("date", value, [.string("dd at HH")]) == "unknown date pattern letter 't'")
      #expect(
        failure("date", value, [.string("yyy")])
          == "date pattern 'yyy' is not supported; use 'yyyy', 'yy' or 'y'")
      #expect(
        failure("date", value, [.string("yyyyy")])
          == "date pattern 'yyyyy' is not supported; use 'yyyy', 'yy' or 'y'")
      #expect(
        failure("date", value, [.string("MMMMM")])
          == "date pattern 'MMMMM' is not supported; use 'MMMM', 'MMM', 'MM' or 'M'")
      #expect(
        failure("date", value, [.string("ddd")]) == "date pattern 'ddd' is not supported; use 'dd' or 'd'")
      #expect(
        failure("date", value, [.string("E")]) == "date pattern 'E' is not supported; use 'EEEE' or 'EEE'")
      #expect(
        failure("date", value, [.string("HHH")]) == "date pattern 'HHH' is not supported; use 'HH' or 'H'")
      #expect(failure("date", value, [.string("aa")]) == "date pattern 'aa' is not supported; use 'a'")
      #expect(
        failure("date", value, [.string("'at")])
          == "unclosed quote in date pattern; write '' for a quote character")
      #expect(
        failure("date", value, [.string("d 'o''clock")])
          == "unclosed quote in date pattern; write '' for a quote character")
    }

    @Test func isoForms() {
      let pattern = Value.string("yyyy-MM-dd HH:mm:ss")
      let cases: [(String, String)] = [
        ("2026-11-30", "2026-11-30 00:00:00"),
        ("2026-11-30T14:05", "2026-11-30 14:05:00"),
        ("2026-11-30T14:05:09", "2026-11-30 14:05:09"),
        ("2026-11-30 14:05:09", "2026-11-30 14:05:09"),
        ("2026-11-30t14:05:09z", "2026-11-30 14:05:09"),
        ("2026-11-30T14:05:09.999999", "2026-11-30 14:05:09"),
        ("2026-11-30T14:05:09.5Z", "2026-11-30 14:05:09"),
        ("2026-11-30T14:05Z", "2026-11-30 14:05:00"),
        // The offset is the data's own: the wall-clock time is shown as written.
        ("2026-11-30T14:05:09+07:00", "2026-11-30 14:05:09"),
        ("2026-11-30T23:30-05:00", "2026-11-30 23:30:00"),
        ("2026-11-30T00:15:00.123+14:00", "2026-11-30 00:15:00"),
        ("2026-11-30T00:00:00-00:00", "2026-11-30 00:00:00"),
      ]
      for (text, expected) in cases {
        #expect(format("date", .string(text), [pattern]) == expected, "\(text)")
      }
    }

    @Test func leapYears() {
      #expect(
        format("date", .string("2024-02-29"), [.string("EEEE d MMMM yyyy")]) == "Thursday 29 February 2024")
      #expect(format("date", .string("2000-02-29"), [.string("EEE d MMM yyyy")]) == "Tue 29 Feb 2000")
      #expect(
        failure("date", .string("2023-02-29"), [.string("d")])
          == "'date' got '2023-02-29', which is not a real date and time: February 2023 has 28 days")
      #expect(
        failure("date", .string("1900-02-29"), [.string("d")])
          == "'date' got '1900-02-29', which is not a real date and time: February 1900 has 28 days")
      #expect(
        failure("date", .string("2024-02-30"), [.string("d")])
          == "'date' got '2024-02-30', which is not a real date and time: February 2024 has 29 days")
    }

    @Test func invalidFieldsAreExplained() {
      let reasons: [(String, String)] = [
        ("2026-02-30", "February 2026 has 28 days"),
        ("2026-04-31", "April 2026 has 30 days"),
        ("2026-11-00", "there is no day 00"),
        ("2026-13-01", "there is no month 13"),
        ("2026-00-10", "there is no month 0"),
        ("0000-01-01", "years run from 0001 to 9999"),
        ("2026-11-30T24:00", "hours run from 00 to 23"),
        ("2026-11-30T14:60", "minutes run from 00 to 59"),
        ("2026-11-30T14:05:60", "seconds run from 00 to 59"),
        ("2026-11-30T14:05+24:00", "offset hours run from 00 to 23 and minutes from 00 to 59"),
        ("2026-11-30T14:05-07:60", "offset hours run from 00 to 23 and minutes from 00 to 59"),
      ]
      for (text, reason) in reasons {
        #expect(
          failure("date", .string(text), [.string("d")])
            == "'date' got '\(text)', which is not a real date and time: \(reason)")
      }
    }

    @Test func longTextIsCutInMessages() {
      let text = "2026-02-30T00:00:00." + String(repeating: "1", count: 40)
      #expect(
        failure("date", .string(text), [.string("d")])
          == "'date' got '2026-02-30T00:00:00.11111111111111111111…', which is not a real date and time:"
          + " February 2026 has 28 days")
    }

    @Test func unreadableTextIsExplained() {
      let texts = [
        "", "2026", "2026-1-5", "30/11/2026", "26-11-30", "+2026-11-30", "2026-11-30T", "2026-11-30T14",
        "2026-11-30T1405", "2026-11-30T14:05:", "2026-11-30T14:05:09.", "2026-11-30T14:05.5",
        "2026-11-30T14:05+0700",
        "2026-11-30T14:05+07", "2026-11-30x", "2026-11-30Z", "2026-11-30T14:05:09Z ", " 2026-11-30",
        "2026-11-30T14:05:09+07:00 extra", "２０２６-11-30",
      ]
      for text in texts {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        #expect(
          failure("date", .string(text), [.string("d")])
            == "'date' can't read '\(shown)' as ISO 8601; write '2026-11-30', '2026-11-30T14:05' or"
            + " '2026-11-30T14:05:09+07:00'", "\(text)")
      }
      let long = String(repeating: "9", count: 60)
      #expect(
        failure("date", .string(long), [.string("d")])?.contains("'\(String(repeating: "9", count: 40))…'")
          == true)
    }

    @Test func epochSecondsAreShownInUTC() {
      let pattern = Value.string("EEE yyyy-MM-dd HH:mm:ss")
      let cases: [(String, String)] = [
        ("0", "Thu 1970-01-01 00:00:00"),
        ("1764511509", "Sun 2025-11-30 14:05:09"),
        ("1796047509", "Mon 2026-11-30 14:05:09"),
        ("1709164800", "Thu 2024-02-29 00:00:00"),
        ("951782400", "Tue 2000-02-29 00:00:00"),
        ("1.999", "Thu 1970-01-01 00:00:01"),
        ("86399.5", "Thu 1970-01-01 23:59:59"),
        ("-1", "Wed 1969-12-31 23:59:59"),
        ("-0.5", "Wed 1969-12-31 23:59:59"),
        ("-1.5", "Wed 1969-12-31 23:59:58"),
        ("-86400", "Wed 1969-12-31 00:00:00"),
        ("-86401", "Tue 1969-12-30 23:59:59"),
        ("-2208988800", "Mon 1900-01-01 00:00:00"),
        ("-62135596800", "Mon 0001-01-01 00:00:00"),
        ("253402300799", "Fri 9999-12-31 23:59:59"),
        ("253402300799.999", "Fri 9999-12-31 23:59:59"),
        ("1e9", "Sun 2001-09-09 01:46:40"),
      ]
      for (seconds, expected) in cases {
        #expect(format("date", num(seconds), [pattern]) == expected, "\(seconds)")
      }
      #expect(
        format("date", num("1764511509"), [.string("EEEE d MMMM yyyy h:mm a"), .string("id")])
          == "Minggu 30 November 2025 2:05 PM")
    }

    @Test func epochSecondsOutsideYearsOneToNineThousandAreErrors() {
      let range = "'date' shows epoch seconds from -62135596800 to 253402300799 (years 0001 to 9999)"
      #expect(failure("date", num("-62135596801"), [.string("d")]) == range + ", got -62135596801")
      #expect(failure("date", num("-62135596800.5"), [.string("d")]) == range + ", got -62135596800.5")
      #expect(failure("date", num("253402300800"), [.string("d")]) == range + ", got 253402300800")
      #expect(failure("date", num("1e30"), [.string("d")]) == range + ", got 1000000000000000000000000000000")
      #expect(failure("date", num("-1e37"), [.string("d")])?.hasPrefix(range) == true)
    }

    @Test func wrongInputsAreExplained() {
      #expect(
        failure("date", .bool(true), [.string("d")])
          == "'date' needs ISO 8601 text or epoch seconds, got boolean true")
      #expect(
        failure("date", .null, [.string("d")]) == "'date' needs ISO 8601 text or epoch seconds, got null")
      #expect(
        failure("date", .string("2026-11-30"), [num("5")])
          == "'date' needs its pattern as text, like 'dd MMM yyyy', got number 5")
      #expect(
        failure("date", .string("2026-11-30"), [])
          == "'date' needs its pattern as text, like 'dd MMM yyyy', got nothing")
      #expect(
        failure("date", .string("2026-11-30"), [.string("d"), .string("fr")])
          == "'date' knows the locales 'en' and 'id', got string 'fr'")
      #expect(
        failure("date", .string("2026-11-30"), [.string("d"), .null])
          == "'date' knows the locales 'en' and 'id', got null")
    }
  }
}

// MARK: - Civil calendar

extension FormattingFilterTests {
  @Suite struct CivilDateTests {
    @Test func knownDays() {
      #expect(CivilDate.days(year: 1970, month: 1, day: 1) == 0)
      #expect(CivilDate.days(year: 2000, month: 3, day: 1) == 11017)
      #expect(CivilDate.days(year: 1969, month: 12, day: 31) == -1)
      #expect(CivilDate.days(year: 1, month: 1, day: 1) == -719_162)
      #expect(CivilDate.days(year: 9999, month: 12, day: 31) == 2_932_896)
      #expect(CivilDate(year: 2026, month: 11, day: 30).weekday == 1)  // Monday
      #expect(CivilDate(year: 1, month: 1, day: 1).weekday == 1)  // Monday, proleptic Gregorian
    }

    @Test func everyDayRoundTripsAndWeekdaysCycle() {
      var expectedDays = CivilDate.days(year: 1, month: 1, day: 1)
      var expectedWeekday = 1
      var mismatches = 0
      for year in 1...9999 {
        for month in 1...12 {
          for day in 1...CivilDate.daysIn(month: month, year: year) {
            let days = CivilDate.days(year: year, month: month, day: day)
            let back = CivilDate.civil(days: days)
            let weekday = CivilDate(year: year, month: month, day: day).weekday
            if days != expectedDays || back != (year, month, day) || weekday != expectedWeekday {
              mismatches += 1
            }
            expectedDays += 1
            expectedWeekday = (expectedWeekday + 1) % 7
          }
        }
      }
      #expect(mismatches == 0)
      #expect(expectedDays == CivilDate.days(year: 9999, month: 12, day: 31) + 1)
    }

    @Test func leapYearRule() {
      #expect(CivilDate.isLeapYear(2024))
      #expect(CivilDate.isLeapYear(2000))
      #expect(!CivilDate.isLeapYear(2023))
      #expect(!CivilDate.isLeapYear(1900))
      #expect(!CivilDate.isLeapYear(2100))
      #expect(CivilDate.isLeapYear(1600))
    }
  }
}
