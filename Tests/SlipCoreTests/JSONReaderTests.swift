import SlipTestSupport
import Testing

@testable import SlipCore

// MARK: - Helpers

private func read(_ text: String) throws(JSONSyntaxError) -> Value {
  try JSONReader().read(text)
}

private func number(_ text: String) -> Value {
  .number(ExactDecimal(parsing: Array(text.utf8))!)
}

private func object(_ members: [(String, Value)]) -> Value {
  var result = JSONObject()
  for (key, value) in members {
    result.set(value, forKey: key)
  }
  return .object(result)
}

/// The error reading `bytes` throws, or nil when it reads fine.
private func failure(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONSyntaxError? {
  do {
    _ = try JSONReader(maxDepth: maxDepth).read(bytes)
    return nil
  } catch {
    return error
  }
}

private func failure(_ text: String, maxDepth: Int = 512) -> JSONSyntaxError? {
  failure(Array(text.utf8), maxDepth: maxDepth)
}

private let sampleDocument = """
  {
    "shop": "Café Ünïcödé \\u00e9 \\ud83d\\ude00",
    "items": [
      {"name": "Espresso", "qty": 2, "price": 2.50, "tags": ["hot", "small"]},
      {"name": "Croissant \\"butter\\"", "qty": 1, "price": 0.1, "note": null},
      {"name": "😀 tab\\tline\\nend", "qty": -3, "price": 1.5e3, "gift": true, "paid": false}
    ],
    "total": 12345678901234567890,
    "empty": {"list": [], "object": {}}
  }
  """

// MARK: - Valid documents

@Test func readsScalars() throws {
  #expect(try read("null") == .null)
  #expect(try read("true") == .bool(true))
  #expect(try read("false") == .bool(false))
  #expect(try read("\"hi\"") == .string("hi"))
  #expect(try read("\"\"") == .string(""))
  #expect(try read("42") == number("42"))
  #expect(try read(" \t\r\n 7 \n") == number("7"))
}

@Test func readsNestedDocument() throws {
  let value = try read(#"{"a": [1, {"b": [true, false, null]}, []], "c": {}, "d": {"e": {"f": "g"}}}"#)
  let expected = object([
    ("a", .array([number("1"), object([("b", .array([.bool(true), .bool(false), .null]))]), .array([])])),
    ("c", .object(JSONObject())),
    ("d", object([("e", object([("f", .string("g"))]))])),
  ])
  #expect(value == expected)
}

@Test func keepsKeyOrder() throws {
  let value = try read(#"{"zebra": 1, "apple": 2, "mango": 3, "banana": 4}"#)
  guard case .object(let members) = value else {
    Issue.record("expected an object, got \(value)")
    return
  }
  #expect(members.keys == ["zebra", "apple", "mango", "banana"])
  #expect(members["mango"] == number("3"))
}

@Test func keepsNumbersExact() throws {
  #expect(try read("0.1") == number("0.1"))
  #expect(try read("12345678901234567890") == number("12345678901234567890"))
  #expect(
    try read("[0.1,2,-0.5e-3,1E+2,0,-0]")
      == .array([number("0.1"), number("2"), number("-0.5e-3"), number("1E+2"), number("0"), number("-0")]))
  #expect(try read(#"{"price":2.50}"#) == object([("price", number("2.50"))]))
  // Digit for digit, not through binary floating point.
  #expect(try read("0.1") == .number(ExactDecimal(significand: 1, scale: 1)))
  #expect(
    try read("12345678901234567890")
      == .number(ExactDecimal(significand: 12_345_678_901_234_567_890, scale: 0)))
  if case .number(let tenth) = try read("[0.1]").arrayFirst {
    #expect(tenth.description == "0.1")
  } else {
    Issue.record("expected a number")
  }
}

extension Value {
  fileprivate var arrayFirst: Value? {
    if case .array(let items) = self { items.first } else { nil }
  }
}

@Test func decodesEscapes() throws {
  #expect(try read(#""a\"b\\c\/d\be\ff\ng\rh\ti""#) == .string("a\"b\\c/d\u{08}e\u{0C}f\ng\rh\ti"))
  #expect(try read(#""\u00e9\u4E2D\u0041""#) == .string("é中A"))
  #expect(try read(#""\u0000""#) == .string("\u{0}"))
  #expect(try read(#""before \ud83d\ude00 after""#) == .string("before 😀 after"))
  #expect(try read(#""\uD83D\uDE00""#) == .string("😀"))
  #expect(try read(#""x\ud834\udd1e""#) == .string("x𝄞"))
}

@Test func keepsRawUnicode() throws {
  #expect(try read("\"Café 中文 😀 é\"") == .string("Café 中文 😀 é"))
  #expect(try read("{\"ключ\": \"значение\"}") == object([("ключ", .string("значение"))]))
}

@Test func skipsByteOrderMark() throws {
  let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)
  #expect(try JSONReader().read(bytes) == object([("a", number("1"))]))
  #expect(try read("\u{FEFF}[true]") == .array([.bool(true)]))
}

@Test func bytesAndStringAgree() throws {
  let fromString = try read(sampleDocument)
  let fromBytes = try JSONReader().read(Array(sampleDocument.utf8))
  #expect(fromString == fromBytes)
  guard case .object(let root) = fromString, case .array(let items)? = root["items"] else {
    Issue.record("unexpected shape: \(fromString)")
    return
  }
  #expect(root.keys == ["shop", "items", "total", "empty"])
  #expect(root["shop"] == .string("Café Ünïcödé é 😀"))
  #expect(root["total"] == number("12345678901234567890"))
  #expect(items.count == 3)
  #expect(
    items[1]
      == object([
        ("name", .string("Croissant \"butter\"")), ("qty", number("1")), ("price", number("0.1")),
        ("note", .null),
      ]))
  #expect(
    items[2]
      == object([
        ("name", .string("😀 tab\tline\nend")), ("qty", number("-3")), ("price", number("1.5e3")),
        ("gift", .bool(true)), ("paid", .bool(false)),
      ]))
}

@Test func sameKeyInDifferentObjectsIsFine() throws {
  #expect(
    try read(#"[{"a": 1}, {"a": 2, "b": {"a": 3}}]"#)
      == .array([
        object([("a", number("1"))]), object([("a", number("2")), ("b", object([("a", number("3"))]))]),
      ]))
}

@Test func acceptsNestingUpToTheLimit() throws {
  let depth = 512
  let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
  var value = try read(text)
  var levels = 1
  while case .array(let items) = value, let first = items.first {
    value = first
    levels += 1
  }
  #expect(levels == depth)
  #expect(failure("[[[1]]]", maxDepth: 3) == nil)
}

@Test func readsLargeArrays() throws {
  let count = 20_000
  let text =
    "[" + (0..<count).map { "{\"n\": \($0), \"s\": \"item \\u00e9 \($0)\"}" }.joined(separator: ",\n") + "]"
  guard case .array(let items) = try read(text) else {
    Issue.record("expected a list")
    return
  }
  #expect(items.count == count)
  #expect(items.last == object([("n", number("\(count - 1)")), ("s", .string("item é \(count - 1)"))]))
}

// MARK: - Errors with their exact location

struct ErrorCase: Sendable, CustomTestStringConvertible {
  var input: [UInt8]
  var message: String
  var line: Int
  var column: Int
  var maxDepth = 512

  init(_ input: String, _ message: String, _ line: Int, _ column: Int, maxDepth: Int = 512) {
    self.input = Array(input.utf8)
    self.message = message
    self.line = line
    self.column = column
    self.maxDepth = maxDepth
  }

  init(bytes: [UInt8], _ message: String, _ line: Int, _ column: Int) {
    self.input = bytes
    self.message = message
    self.line = line
    self.column = column
  }

  var testDescription: String { message }
}

private let errorCases: [ErrorCase] = [
  // Structure.
  ErrorCase("{\n  \"a\": 1\n    \"b\": 2\n}", "expected ',' or '}' after an object member", 3, 5),
  ErrorCase("[\n  1\n  2\n]", "expected ',' or ']' after a list item", 3, 3),
  ErrorCase("[1.2.3]", "expected ',' or ']' after a list item", 1, 5),
  ErrorCase("[\n  1,\n]", "trailing ',' before ']' is not allowed", 2, 4),
  ErrorCase("{\n  \"a\": 1,\n}", "trailing ',' before '}' is not allowed", 2, 9),
  ErrorCase("{\n  \"a\" 1\n}", "expected ':' after the object key 'a'", 2, 7),
  ErrorCase("{\r\n  \"a\": 1,\r\n  \"b\"\r\n}", "expected ':' after the object key 'b'", 4, 1),
  ErrorCase("{\n  \"total\": 1,\n  \"total\": 2\n}", "duplicate key 'total'", 3, 3),
  ErrorCase("{\"a\": }", "expected a value, found '}'", 1, 7),
  ErrorCase("[1,,2]", "expected a value, found ','", 1, 4),
  ErrorCase("]", "expected a value, found ']'", 1, 1),
  ErrorCase("{1: 2}", "expected an object key in double quotes or '}', found '1'", 1, 2),
  ErrorCase("{\"a\":1, 2}", "expected an object key in double quotes, found '2'", 1, 9),
  ErrorCase("{\n  name: 1}", "object keys must be in double quotes, found 'name'", 2, 3),
  ErrorCase("{'a': 1}", "object keys must be in double quotes, not single quotes", 1, 2),
  ErrorCase("['a']", "strings must be in double quotes, not single quotes", 1, 2),
  ErrorCase(
    "[True]", "expected a value, found 'True' (JSON writes true, false and null in lower case)", 1, 2),
  ErrorCase("[NaN]", "expected a value, found 'NaN' (JSON has no NaN or Infinity)", 1, 2),
  ErrorCase("[\n  truex]", "expected a value, found 'truex' (text values must be in double quotes)", 2, 3),
  ErrorCase("[1, // note\n 2]", "expected a value, found '/' (JSON does not allow comments)", 1, 5),
  ErrorCase("[1,\u{00A0}2]", "expected a value, found '\u{00A0}' (U+00A0)", 1, 4),
  ErrorCase("[\u{0C}1]", "expected a value, found U+000C", 1, 2),
  ErrorCase("{}\n  x", "trailing characters after the JSON value", 2, 3),
  ErrorCase("1 2", "trailing characters after the JSON value", 1, 3),
  ErrorCase("", "expected a JSON value, but the data is empty", 1, 1),
  ErrorCase("  \n ", "expected a JSON value, but the data is empty", 2, 2),
  // Unexpected end: one past the last character.
  ErrorCase("{\n  \"a\": [1, 2", "unexpected end of data", 2, 13),
  ErrorCase("[1,\n", "unexpected end of data", 2, 1),
  ErrorCase("{\"a\"", "unexpected end of data", 1, 5),
  ErrorCase("[tru", "unexpected end of data", 1, 5),
  ErrorCase("-", "unexpected end of data", 1, 2),
  ErrorCase("[1e", "unexpected end of data", 1, 4),
  // Strings.
  ErrorCase("[\n  \"abc", "unterminated string", 2, 3),
  ErrorCase("[\"ab\\", "unterminated string", 1, 2),
  ErrorCase("{\n  \"a\": \"x\\qy\"\n}", "invalid escape '\\q'", 2, 10),
  ErrorCase("[\"\\u12G4\"]", "invalid \\u escape: expected 4 hex digits after '\\u'", 1, 3),
  ErrorCase("[\n  \"a\\ud800b\"\n]", "invalid \\u escape: lone surrogate", 2, 5),
  ErrorCase("\"\\udc00\"", "invalid \\u escape: lone surrogate", 1, 2),
  ErrorCase("\"\\ud800\\u0041\"", "invalid \\u escape: lone surrogate", 1, 2),
  ErrorCase("\"\\ud800\\ud800\"", "invalid \\u escape: lone surrogate", 1, 2),
  ErrorCase("\"\\ud800\"", "invalid \\u escape: lone surrogate", 1, 2),
  ErrorCase("{\n  \"a\": \"line\nbreak\"\n}", "control character U+000A in string", 2, 13),
  ErrorCase("[\"a\tb\"]", "control character U+0009 in string", 1, 4),
  // Numbers.
  ErrorCase("[\n  1,\n  1e999\n]", "number out of range '1e999'", 3, 3),
  ErrorCase(
    "{\"n\":\n 1234567890123456789012345678901234567890123456789}",
    "number out of range '1234567890123456789012345678901234567…'", 2, 2),
  ErrorCase("[\n 007]", "leading zeros are not allowed", 2, 2),
  ErrorCase("-012", "leading zeros are not allowed", 1, 2),
  ErrorCase("[1.]", "expected a digit after the decimal point, found ']'", 1, 4),
  ErrorCase("[1e+]", "expected a digit in the exponent, found ']'", 1, 5),
  ErrorCase("[-x]", "expected a digit after '-', found 'x'", 1, 3),
  ErrorCase("[.5]", "a number must start with a digit or '-', found '.'", 1, 2),
  ErrorCase("[+1]", "a number must start with a digit or '-', found '+'", 1, 2),
  // Depth.
  ErrorCase(String(repeating: "[", count: 513), "nesting deeper than 512 levels", 1, 513),
  ErrorCase("[\n [\n  [1]]]", "nesting deeper than 2 levels", 3, 3, maxDepth: 2),
  ErrorCase("{\"a\":\n {\"b\": {}}}", "nesting deeper than 1 levels", 2, 2, maxDepth: 1),
  // Columns count Unicode scalars, not bytes.
  ErrorCase("{\"café\": 1 \"x\": 2}", "expected ',' or '}' after an object member", 1, 12),
  ErrorCase("[\"😀😀\", x]", "expected a value, found 'x' (text values must be in double quotes)", 1, 8),
  ErrorCase("{\n\"é\": \"ü\",\n\"é\": 2}", "duplicate key 'é'", 3, 1),
  // Invalid UTF-8 points at the bad byte.
  ErrorCase(bytes: [0x5B, 0x0A, 0x20, 0x22, 0x61, 0xFF, 0x62, 0x22, 0x5D], "invalid UTF-8", 2, 4),
  ErrorCase(bytes: [0x22, 0xC3, 0xA9, 0xC0, 0xAF, 0x22], "invalid UTF-8", 1, 3),  // overlong
  ErrorCase(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8", 1, 2),  // encoded surrogate
  ErrorCase(bytes: [0x22, 0x61, 0xE2, 0x82, 0x22], "invalid UTF-8", 1, 3),  // cut short
  ErrorCase(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid UTF-8", 1, 2),  // above U+10FFFF
  ErrorCase(bytes: [0x22, 0x80, 0x22], "invalid UTF-8", 1, 2),  // stray continuation byte
  ErrorCase(bytes: [0x5B, 0x31, 0x2C, 0x0A, 0x20, 0xFF, 0x5D], "invalid UTF-8", 2, 2),  // outside a string
  ErrorCase(
    bytes: [0xEF, 0xBB, 0xBF, 0x5B, 0x31, 0x20, 0x32, 0x5D], "expected ',' or ']' after a list item", 1, 4),
]

@Test(arguments: errorCases)
func reportsErrorAtItsLocation(_ testCase: ErrorCase) {
  let error = failure(testCase.input, maxDepth: testCase.maxDepth)
  #expect(error?.message == testCase.message)
  #expect(error?.location == DataLocation(line: testCase.line, column: testCase.column))
}

@Test func describesErrorWithLineAndColumn() {
  let error = failure("{\n  \"total\": 1,\n  \"total\": 2\n}")
  #expect(error?.description == "line 3, column 3: duplicate key 'total'")
}

@Test func readingAStringReportsTheSameErrors() {
  let text = "{\n  \"é\": [1, 2\n  \"b\": 3}"
  var fromString: JSONSyntaxError?
  do {
    _ = try JSONReader().read(text)
  } catch {
    fromString = error
  }
  #expect(fromString != nil)
  #expect(fromString == failure(text))
  #expect(fromString?.location == DataLocation(line: 3, column: 3))
}

// MARK: - Robustness

@Test func deepNestingReturnsTheDepthError() {
  let brackets = String(repeating: "[", count: 100_000)
  let error = failure(brackets)
  #expect(error?.message == "nesting deeper than 512 levels")
  #expect(error?.location == DataLocation(line: 1, column: 513))

  let closed = brackets + String(repeating: "]", count: 100_000)
  #expect(failure(closed)?.message == "nesting deeper than 512 levels")

  let objects = String(repeating: "{\"a\":", count: 100_000)
  let objectError = failure(objects)
  #expect(objectError?.message == "nesting deeper than 512 levels")
  #expect(objectError?.location == DataLocation(line: 1, column: 512 * 5 + 1))
}

@Test func everyTruncationThrows() {
  let bytes = Array(sampleDocument.utf8)
  #expect(failure(bytes) == nil)
  for length in 0..<bytes.count {
    let error = failure(Array(bytes[..<length]))
    #expect(error != nil, "prefix of \(length) bytes was accepted")
    if let error {
      #expect(error.location.line >= 1 && error.location.column >= 1)
    }
  }
}

@Test func randomBytesNeverCrash() {
  var rng = SplitMix64(seed: 0x5115_C0DE)
  let alphabet =
    Array("{}[]\",:\\ 0123456789.eE+-truefalsnl\"u\n\t".utf8) + [
      0x00, 0x1F, 0x80, 0xC3, 0xA9, 0xED, 0xF0, 0xFF,
    ]
  for round in 0..<3000 {
    let length = Int.random(in: 0...80, using: &rng)
    let bytes: [UInt8] = (0..<length).map { _ in
      round.isMultiple(of: 2) ? UInt8.random(in: 0...255, using: &rng) : alphabet.randomElement(using: &rng)!
    }
    if let error = failure(bytes, maxDepth: 8) {
      #expect(error.location.line >= 1 && error.location.column >= 1)
      #expect(!error.message.isEmpty)
    }
  }
}

@Test func mutatedDocumentsNeverCrash() {
  var rng = SplitMix64(seed: 42)
  let original = Array(sampleDocument.utf8)
  for _ in 0..<2000 {
    var bytes = original
    for _ in 0..<Int.random(in: 1...4, using: &rng) {
      let index = Int.random(in: 0..<bytes.count, using: &rng)
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: bytes[index] = UInt8.random(in: 0...255, using: &rng)
      case 1: bytes.remove(at: index)
      default: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: index)
      }
    }
    if let error = failure(bytes) {
      #expect(error.location.line >= 1 && error.location.column >= 1)
    }
  }
}
