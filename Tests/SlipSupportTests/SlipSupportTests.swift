import Testing

@testable import SlipSupport

/// Keeps every value as its kind and offset, so the tests see what the reader hands a builder.
private struct Recorder: JSONBuilder {
  indirect enum Node: Equatable {
    case string(String, Int)
    case number(String, Int)
    case bool(Bool, Int)
    case null(Int)
    case array([Node], Int)
    case object([String], Int)
  }
  var refuseDuplicates = true

  func string(_ text: String, at offset: Int) -> Node { .string(text, offset) }
  func number(_ text: Slice<UnsafeBufferPointer<UInt8>>, at offset: Int) -> Node? {
    text.count > 10 ? nil : .number(String(decoding: text, as: UTF8.self), offset)
  }
  func bool(_ value: Bool, at offset: Int) -> Node { .bool(value, offset) }
  func null(at offset: Int) -> Node { .null(offset) }
  func array(_ items: [Node], at offset: Int) -> Node { .array(items, offset) }
  func emptyObject() -> [String] { [] }
  func contains(_ key: String, in object: borrowing [String]) -> Bool {
    refuseDuplicates && object.contains { $0.hasPrefix(key + "@") }
  }
  func add(_ value: Node, forKey key: String, at offset: Int, to object: inout [String]) {
    object.append("\(key)@\(offset)")
  }
  func object(_ object: [String], at offset: Int) -> Node { .object(object, offset) }
}

@Suite struct JSONReaderTests {
  @Test func builderSeesEveryValueAtItsOffset() throws {
    let bytes = Array(#"{"a": [1, true, null], "b": "x"}"#.utf8)
    let node = try JSON.read(bytes, maxDepth: 8, builder: Recorder())
    #expect(node == .object(["a@1", "b@23"], 0))
  }

  @Test func listsKeepTheirItemsInOrder() throws {
    let node = try JSON.read(Array("[1, [2, \"é\"], false]".utf8), maxDepth: 8, builder: Recorder())
    #expect(
      node == .array([.number("1", 1), .array([.number("2", 5), .string("é", 8)], 4), .bool(false, 15)], 0))
  }

  @Test func duplicateKeysAreTheBuildersChoice() throws {
    let bytes = Array(#"{"a": 1, "a": 2}"#.utf8)
    #expect(throws: JSONError.self) { try JSON.read(bytes, maxDepth: 8, builder: Recorder()) }
    let node = try JSON.read(bytes, maxDepth: 8, builder: Recorder(refuseDuplicates: false))
    #expect(node == .object(["a@1", "a@9"], 0))
  }

  @Test func aNumberTheBuilderCannotHoldIsOutOfRange() {
    do {
      _ = try JSON.read(Array("[12345678901]".utf8), maxDepth: 8, builder: Recorder())
      Issue.record("read a number the builder refused")
    } catch {
      #expect(error.message == "number out of range '12345678901'")
      #expect(error.offset == 1)
      #expect(error.location == JSONLocation(line: 1, column: 2))
    }
  }

  @Test func errorsAreLocatedInScalarsAfterTheByteOrderMark() {
    do {
      _ = try JSON.read([0xEF, 0xBB, 0xBF] + Array("{\n\"é\": x}".utf8), maxDepth: 8, builder: Recorder())
      Issue.record("read invalid JSON")
    } catch {
      #expect(error.location == JSONLocation(line: 2, column: 6))
    }
  }

  @Test func depthIsLimited() {
    #expect(throws: JSONError.self) {
      try JSON.read(Array("[[[1]]]".utf8), maxDepth: 2, builder: Recorder())
    }
  }

  @Test func locationsOfOffsets() {
    let bytes = Array("ab\r\ncé\rd".utf8)
    #expect(JSON.location(of: 0, in: bytes) == JSONLocation(line: 1, column: 1))
    #expect(JSON.location(of: 4, in: bytes) == JSONLocation(line: 2, column: 1))
    #expect(JSON.location(of: 7, in: bytes) == JSONLocation(line: 2, column: 3))
    #expect(JSON.location(of: 8, in: bytes) == JSONLocation(line: 3, column: 1))
  }
}

@Suite struct JSONStringTests {
  @Test(arguments: [
    ("plain", #""plain""#),
    ("a \"b\" \\ c", #""a \"b\" \\ c""#),
    ("line\nreturn\rtab\t", #""line\nreturn\rtab\t""#),
    ("\u{1}\u{1F}", #""\u0001\u001f""#),
    ("é ✓ 😀", "\"é ✓ 😀\""),
  ])
  func quoted(_ text: String, _ expected: String) {
    #expect(JSON.quoted(text) == expected)
  }

  @Test func quotedTextReadsBack() throws {
    let text = "tab\t \"quote\" \\ \u{7} é"
    #expect(
      try JSON.read(Array(JSON.quoted(text).utf8), maxDepth: 1, builder: Recorder()) == .string(text, 0))
  }
}

@Suite struct SuggestionTests {
  @Test(arguments: [
    ("rupia", "rupiah"), ("cuter", "cutter"), ("uppercase", "upper"), ("tetx", "text"), ("PC473", "PC437"),
  ])
  func closeNamesAreSuggested(_ name: String, _ expected: String) {
    #expect(
      Suggestion.closest(to: name, in: ["rupiah", "cutter", "upper", "text", "PC437", "PC850"]) == expected)
  }

  @Test func farNamesAndTheNameItselfAreNot() {
    #expect(Suggestion.closest(to: "zzz", in: ["rupiah", "upper"]) == nil)
    #expect(Suggestion.closest(to: "upper", in: ["upper"]) == nil)
  }

  @Test func transpositionsCountAsOneEdit() {
    #expect(Suggestion.editDistance(Array("ab".unicodeScalars), Array("ba".unicodeScalars)) == 1)
    #expect(Suggestion.editDistance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3)
  }
}
