import Foundation
import SlipTestSupport
import Testing

@testable import SlipCore

// MARK: - Helpers

/// What is wrong with a result, if anything: a diagnostic (or note, or fix-it) pointing outside
/// its file, a document next to errors, or no document and no error.
private func problems(in result: Compiler.Result) -> [String] {
  var found: [String] = []
  func checkRange(_ range: SourceRange?, _ what: String) {
    guard let range else { return }
    guard range.file >= 0, range.file < result.sources.files.count else {
      found.append("\(what): file \(range.file) of \(result.sources.files.count)")
      return
    }
    let count = result.sources[range.file].bytes.count
    if !(0 <= range.start && range.start <= range.end && range.end <= count) {
      found.append("\(what): range \(range.start)..<\(range.end) outside \(count) bytes")
    }
  }
  for diagnostic in result.diagnostics {
    checkRange(diagnostic.range, diagnostic.id)
    for note in diagnostic.notes { checkRange(note.range, "\(diagnostic.id) note") }
    for fixIt in diagnostic.fixIts { checkRange(fixIt.range, "\(diagnostic.id) fix-it") }
  }
  if result.document != nil, result.diagnostics.hasErrors {
    found.append("a document despite errors")
  }
  return found
}

/// Checks `text` and expects errors, sane ranges, and a finish well within `limit`.
@discardableResult
private func checkSurvives(
  _ text: String, limit: Duration = .seconds(5),
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Compiler.Result {
  let file = SourceFile(path: "hostile.slip", text: text)
  var result: Compiler.Result?
  let elapsed = ContinuousClock().measure { result = Compiler().check(file) }
  let checked = result!
  #expect(checked.diagnostics.hasErrors, sourceLocation: sourceLocation)
  #expect(problems(in: checked) == [], sourceLocation: sourceLocation)
  #expect(elapsed < limit, "took \(elapsed)", sourceLocation: sourceLocation)
  return checked
}

/// Whether a template is certainly invalid without compiling it: not UTF-8, or its first
/// statement line is not a `receipt` header.
private func certainlyInvalid(_ bytes: [UInt8]) -> Bool {
  guard let text = String(validating: bytes, as: UTF8.self) else { return true }
  var body = Substring(text)
  if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
  for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
    let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
    if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
    let word = trimmed.prefix { !" \t\r#".contains($0) }
    return word != "receipt"
  }
  return true
}

/// The repository's root, found from this file's path.
private let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A small data file with the names the token soups use.
private let soupData = SourceFile(
  path: "data.json",
  text: """
    {"items": [{"name": "Kopi", "qty": 2, "price": 18000, "mods": ["es"]}, {"name": "Roti", "qty": 1, "price": 9000}],
     "shop": {"name": "Senja"}, "name": "Tamu", "total": 45000, "discount": 0, "x": 1, "flag": true, "none": null}
    """)

// MARK: - Tests

// The limit catches a hang, not slowness (each test takes seconds on an idle machine): on the
// 2-core machine with a fuzzer on one core, a minute was reached by tests running side by side.
@Suite(.timeLimit(.minutes(5))) struct RobustnessTests {
  @Test func tenThousandNestedIfsWithoutEnd() {
    let result = checkSurvives("receipt\n" + String(repeating: "if x\n", count: 10_000))
    #expect(result.diagnostics.contains { $0.id == "E0208" })
  }

  @Test func tenThousandNestedForsWithTheirEnds() {
    let depth = 10_000
    let result = checkSurvives(
      "receipt\n" + String(repeating: "for x in y\n", count: depth)
        + String(repeating: "end\n", count: depth))
    #expect(result.diagnostics.contains { $0.id == "E0208" })
  }

  @Test func fiftyThousandOpeningParentheses() {
    checkSurvives("receipt\nset x = " + String(repeating: "(", count: 50_000) + "\n")
    checkSurvives("receipt\ntext \"{{ " + String(repeating: "(", count: 50_000) + " }}\"\n")
  }

  @Test func twentyThousandTermSum() {
    checkSurvives("receipt\nset x = 1" + String(repeating: "+1", count: 19_999) + "\n")
    checkSurvives("receipt\ntext \"{{ 1" + String(repeating: " + 1", count: 19_999) + " }}\"\n")
  }

  @Test func twentyThousandMembers() {
    let result = checkSurvives("receipt\nset x = a" + String(repeating: ".a", count: 20_000) + "\n")
    #expect(result.diagnostics.contains { $0.id == "E0211" })
  }

  @Test func twentyThousandFilters() {
    let result = checkSurvives("receipt\nset x = a" + String(repeating: " | upper", count: 20_000) + "\n")
    #expect(result.diagnostics.contains { $0.id == "E0211" })
  }

  @Test func longButBoundedChainsCompile() {
    // Well inside what the checker's and evaluator's recursion can take.
    let data = SourceFile(path: "data.json", text: #"{"a": {"b": 1}}"#)
    let members = Compiler().compile(
      SourceFile(
        path: "t.slip", text: "receipt\ntext \"{{ a" + String(repeating: ".b", count: 90) + " }}\"\n"),
      data: data)
    #expect(members.diagnostics.map(\.id).allSatisfy { $0.hasPrefix("E04") })
    #expect(members.diagnostics.hasErrors)
    #expect(problems(in: members) == [])
    let filters = Compiler().compile(
      SourceFile(
        path: "t.slip", text: "receipt\ntext \"{{ 'a'" + String(repeating: " | upper", count: 90) + " }}\"\n"),
      data: data)
    #expect(filters.diagnostics.isEmpty)
    #expect(filters.document != nil)
    let sum = Compiler().compile(
      SourceFile(
        path: "t.slip", text: "receipt\ntext \"{{ 1" + String(repeating: " + 1", count: 90) + " }}\"\n"),
      data: data)
    #expect(sum.diagnostics.isEmpty)
    #expect(sum.document != nil)
  }

  @Test func deepestAcceptedExpressionCompilesAndDeeperIsRefused() {
    // Expressions may nest 100 levels: deep enough for any template, shallow enough for every
    // stage's recursion. The deepest accepted sum evaluates; one more level is a diagnostic.
    let data = SourceFile(path: "data.json", text: "{}")
    let accepted = Compiler().compile(
      SourceFile(
        path: "t.slip", text: "receipt\ntext \"{{ 1" + String(repeating: " + 1", count: 99) + " }}\"\n"),
      data: data)
    #expect(accepted.diagnostics.isEmpty)
    #expect(accepted.document != nil)
    let refused = Compiler().compile(
      SourceFile(
        path: "t.slip", text: "receipt\ntext \"{{ 1" + String(repeating: " + 1", count: 100) + " }}\"\n"),
      data: data)
    #expect(refused.diagnostics.map(\.id) == ["E0211"])
  }

  @Test func twentyThousandUnaryMinuses() {
    checkSurvives("receipt\nset x = " + String(repeating: "-", count: 20_000) + "1\n")
    checkSurvives("receipt\nset x = " + String(repeating: "not ", count: 20_000) + "a\n")
  }

  @Test func twentyThousandIndexes() {
    checkSurvives("receipt\nset x = a" + String(repeating: "[0]", count: 20_000) + "\n")
  }

  @Test func hundredThousandOpeningBraces() {
    checkSurvives("receipt\ntext \"" + String(repeating: "{{", count: 100_000) + "\"\n")
  }

  @Test func stringsInInterpolationsFiftyDeep() {
    var text = "x"
    for _ in 0..<50 { text = "\"{{ " + text + " }}\"" }
    let result = checkSurvives("receipt\ntext " + text + "\n")
    #expect(result.diagnostics.contains { $0.id == "E0106" })
  }

  @Test func manyStatementsAndCells() {
    checkSurvives("receipt\n" + String(repeating: "text \"a\" bold\n", count: 20_000) + "end\n")
    checkSurvives("receipt\nrow \"a\"" + String(repeating: " | \"b\"", count: 20_000) + " nope\n")
    checkSurvives("receipt\ntext \"a\"" + String(repeating: " bold", count: 20_000) + "\n")
  }

  @Test func emptyTemplateMissingHeaderHasAPlace() {
    // bug: with no statement at all, the missing-header error (E0307) has no range, though
    // Diagnostic.range is documented as nil only for problems with no place in a file.
    for text in ["", "\n\n", "# only a comment\n", "txt 'a'\n"] {
      let result = Compiler().check(SourceFile(path: "t.slip", text: text))
      let missing = result.diagnostics.first { $0.id == "E0307" }
      #expect(missing != nil)
      #expect(missing?.range != nil, "no range for \(text.debugDescription)")
    }
  }

  @Test func randomBytes() {
    var generator = SplitMix64(seed: 0x511B_0001)
    var failures: [String] = []
    let formatter = DiagnosticFormatter()
    for index in 0..<2_000 {
      let length = Int.random(in: 0...200, using: &generator)
      var bytes: [UInt8] = []
      bytes.reserveCapacity(length)
      switch index % 3 {
      case 0:
        // Any byte: mostly invalid UTF-8.
        for _ in 0..<length { bytes.append(UInt8.random(in: 0...255, using: &generator)) }
      case 1:
        // ASCII only, so the lexer and parser see it.
        for _ in 0..<length { bytes.append(UInt8.random(in: 0...127, using: &generator)) }
      default:
        // Printable ASCII with newlines, quotes, braces and some multi-byte characters.
        let pieces: [[UInt8]] = [
          [0x0A], [0x0D, 0x0A], [0x22], [0x27], [0x7B, 0x7B], [0x7D, 0x7D], [0x5C], [0x23],
          Array("é".utf8), Array("€".utf8), Array("😀".utf8), [0xEF, 0xBB, 0xBF], [0xE2, 0x82],
        ]
        while bytes.count < length {
          if Bool.random(using: &generator) {
            bytes.append(UInt8.random(in: 0x20...0x7E, using: &generator))
          } else {
            bytes += pieces.randomElement(using: &generator)!
          }
        }
      }
      let file = SourceFile(path: "random.slip", bytes: bytes)
      let result = Compiler().check(file)
      var found = problems(in: result)
      if certainlyInvalid(bytes), !result.diagnostics.hasErrors { found.append("no error") }
      _ = formatter.format(result.diagnostics, sources: result.sources)
      if !found.isEmpty, failures.count < 5 {
        failures.append("input \(index) \(bytes): \(found)")
      }
    }
    #expect(failures == [])
  }

  @Test func randomTokenSoups() {
    let words = [
      "receipt", "text", "row", "rule", "feed", "cut", "drawer", "for", "in", "if", "else",
      "else if", "end", "set", "item", "items", "loop", "loop.index", "shop.name", "name", "x",
      "total", "discount", "and", "or", "not", "true", "false", "null", "paper=58mm", "paper=80mm",
      "font=B", "columns=32", "columns=99", "align=center", "scale=2x1", "scale=2", "bold",
      "partial", "pin=5", "on=-2", "58mm", "2x1", "0.5in", "12", "0.25", "-3", "255",
      "\"a\"", "\"{{ item.name }}\"", "\"{{ x | rupiah }}\"", "'{{ \"q\" }}'", "\"{{\"", "\"}}\"",
      "\"{{ total - discount | rupiah(2) }}\"", "\"=\"", "'", "\"", "{{", "}}", "|", "=", "==",
      "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "(", ")", "[", "]", ".", ",", "#",
      "rupiah", "upper", "lower", "default(\"-\")", "length", "\\", "!", "@", "é", "\n", "\n",
      "\n", "\n", "table", "widths=\"* 4 14\"", "align=\"left right\"", "gap=2", "include",
      "\"footer.slip\"", "\"soup.slip\"", "\"missing.slip\"", "\"../up.slip\"",
    ]
    // Includes resolve in memory; the footer includes the soup back, a cycle.
    let compiler = Compiler(
      loader: InMemoryLoader([
        "footer.slip": "text \"Bye {{ name }}\"\nrule\ninclude \"soup.slip\"\n",
        "soup.slip": "receipt\ninclude \"footer.slip\"\n",
      ]))
    var generator = SplitMix64(seed: 0x7E57_50B5)
    var failures: [String] = []
    let formatter = DiagnosticFormatter()
    var documents = 0
    for index in 0..<2_000 {
      var text = Int.random(in: 0..<10, using: &generator) < 7 ? "receipt paper=58mm\n" : ""
      let count = Int.random(in: 0...40, using: &generator)
      for _ in 0..<count {
        text += words.randomElement(using: &generator)!
        text += Int.random(in: 0..<8, using: &generator) == 0 ? "" : " "
      }
      let result = compiler.compile(SourceFile(path: "soup.slip", text: text), data: soupData)
      var found = problems(in: result)
      if result.document == nil, !result.diagnostics.hasErrors { found.append("no document, no error") }
      if certainlyInvalid(Array(text.utf8)), !result.diagnostics.hasErrors { found.append("no error") }
      if result.document != nil { documents += 1 }
      _ = formatter.format(result.diagnostics, sources: result.sources)
      if !found.isEmpty, failures.count < 5 {
        failures.append("input \(index) \(text.debugDescription): \(found)")
      }
    }
    #expect(failures == [])
    // The soups are not all rejected at the first hurdle.
    #expect(documents > 0)
  }

  @Test func everyPrefixOfKopiSenjaCompiles() throws {
    let template = try Data(contentsOf: packageRoot.appendingPathComponent("templates/kopi-senja.slip"))
    let data = SourceFile(
      path: "data.json",
      bytes: Array(
        try Data(
          contentsOf: packageRoot.appendingPathComponent("Tests/GoldenTests/Cases/kopi-senja/data.json"))))
    let bytes = Array(template)
    var failures: [String] = []
    for length in 0...bytes.count {
      let prefix = Array(bytes[..<length])
      let result = Compiler().compile(SourceFile(path: "kopi-senja.slip", bytes: prefix), data: data)
      var found = problems(in: result)
      if result.document == nil, !result.diagnostics.hasErrors { found.append("no document, no error") }
      if certainlyInvalid(prefix), !result.diagnostics.hasErrors { found.append("no error") }
      if !found.isEmpty, failures.count < 5 { failures.append("prefix \(length): \(found)") }
    }
    #expect(failures == [])
    let whole = Compiler().compile(SourceFile(path: "kopi-senja.slip", bytes: bytes), data: data)
    #expect(whole.diagnostics.isEmpty)
    #expect(whole.document != nil)
  }
}
