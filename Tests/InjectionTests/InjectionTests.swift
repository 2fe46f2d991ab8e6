import Foundation
import SlipCore
import SlipESCPOS
import SlipFiles
import SlipIR
import SlipImages
import SlipSymbols
import SlipZPL
import SlipZlib
import Testing

/// The injection corpus (Fixtures/hostile-strings.json) through Slip's own writers: every
/// hostile string in the names, items and addresses of the bundled templates must add no
/// command to the bytes. scripts/injection-check holds the same renders against emupos and
/// zplkit; this is the fast check that runs with `swift test`.
@Suite struct InjectionTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let templates = root.appendingPathComponent("templates")

  /// One hostile string of the corpus.
  struct Hostile: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var testDescription: String { name }
  }

  /// The corpus file: the strings, and which fields of each template's data they go into.
  struct Corpus: Decodable {
    struct Entry: Decodable {
      var name: String
      var text: String
    }
    var fields: [String: [String]]
    var strings: [Entry]

    static let shared: Corpus = {
      let url = root.appendingPathComponent("Tests/InjectionTests/Fixtures/hostile-strings.json")
      do {
        return try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: url))
      } catch {
        fatalError("cannot read the injection corpus \(url.path): \(error)")
      }
    }()
  }

  static let hostile = Corpus.shared.strings.map { Hostile(name: $0.name, text: $0.text) }

  /// ESC/POS: each receipt on its generic printer, every command but those that lay text out
  /// (line feeds, styles, code pages, which follow the text's length and characters) exactly as
  /// often as with the template's own data, and those only of the kinds the clean render has.
  @Test(arguments: hostile)
  func escposBytesHoldNoInjectedCommand(_ hostile: Hostile) throws {
    for (template, profile) in [
      ("kopi-senja", PrinterProfile.generic58), ("warung-80", PrinterProfile.generic80),
    ] {
      let writer = ESCPOSWriter(profile: profile)
      let clean = try Self.commands(writer.emit(Self.render(template, hostile: nil)).bytes)
      let dirty = try Self.commands(writer.emit(Self.render(template, hostile: hostile.text)).bytes)
      #expect(clean["ESC @"] == 1, "\(template): the listing is read as commands")
      let layout = Set(clean.keys.filter(Self.laysOutText))
      for (command, count) in dirty {
        if Self.laysOutText(command) {
          #expect(
            layout.contains(command) || command.hasPrefix("ESC t "),
            "\(template): '\(command)' is not in the clean render")
        } else {
          #expect(
            clean[command] == count, "\(template): '\(command)' \(count)x, clean \(clean[command] ?? 0)x")
        }
      }
      for (command, count) in clean where !Self.laysOutText(command) {
        #expect(dirty[command] == count, "\(template): '\(command)' \(dirty[command] ?? 0)x, clean \(count)x")
      }
    }
  }

  /// ZPL: each label is one `^XA…^XZ`, uses only the commands the clean label uses, and its
  /// field data holds no `^` or `~` (the data goes through `^FH`, with them hex-escaped).
  @Test(arguments: hostile)
  func zplLabelsHoldNoInjectedCommand(_ hostile: Hostile) throws {
    for template in ["event-badge", "shipping-4x6"] {
      let writer = ZPLWriter(compressor: ZlibCompressor())
      let clean = Self.zplCommands(writer.emit(try Self.render(template, hostile: nil)).bytes)
      let bytes = writer.emit(try Self.render(template, hostile: hostile.text)).bytes
      let dirty = Self.zplCommands(bytes)
      #expect(clean.contains("^FD") && clean.contains("^FH"), "\(template): field data goes through ^FH")
      #expect(dirty.filter { $0 == "^XA" }.count == 1, "\(template): one ^XA")
      #expect(dirty.filter { $0 == "^XZ" }.count == 1, "\(template): one ^XZ")
      #expect(Set(dirty).isSubset(of: Set(clean)), "\(template): \(Set(dirty).subtracting(clean).sorted())")
    }
  }

  /// Label text with spans around a hostile value: a tag in the value is characters, never a
  /// style (the only bold is the template's own "end"), each line's runs spell the line, and
  /// the label stays one `^XA…^XZ`. A value that needs shaping is refused (E0357), not drawn plain.
  @Test(arguments: hostile)
  func labelSpansTakeNoTagsFromData(_ hostile: Hostile) throws {
    let template = """
      label width=4in height=3in dpi=203
      text "<u>{{ v }}</u> <b>end</b>" x=20 y=20 w=760 size=30 lines=8
      """
    let json = try JSONSerialization.data(withJSONObject: ["v": hostile.text])
    let result = Compiler().compile(
      SourceFile(path: "t.slip", text: template), data: SourceFile(path: "d.json", bytes: Array(json)))
    let errors = result.diagnostics.filter { $0.severity == .error }.map(\.id)
    guard errors.isEmpty else {
      #expect(errors == ["E0357"])
      return
    }
    let document = try #require(result.document)
    guard case .text(let text)? = document.page?.elements.first else {
      Issue.record("no label text")
      return
    }
    for line in text.lines where !line.runs.isEmpty {
      #expect(line.runs.map { $0.text }.joined() == line.text)
      for run in line.runs where run.style.bold {
        #expect("end...".contains(run.text), "bold run \(run.text)")
      }
      #expect(!line.runs.contains { $0.style.invert }, "an invert from data")
    }
    let commands = Self.zplCommands(ZPLWriter(compressor: ZlibCompressor()).emit(document).bytes)
    #expect(commands.filter { $0 == "^XA" }.count == 1)
    #expect(commands.filter { $0 == "^XZ" }.count == 1)
  }

  // MARK: Rendering

  /// `template` rendered with its bundled data, the corpus's fields set to `hostile`.
  static func render(_ template: String, hostile: String?) throws -> Document {
    let dataURL = templates.appendingPathComponent("\(template).json")
    var data = try JSONSerialization.jsonObject(with: Data(contentsOf: dataURL))
    if let hostile {
      for field in Corpus.shared.fields[template] ?? [] {
        data = put(hostile, at: field.split(separator: ".").map(String.init)[...], in: data)
      }
    }
    let json = try JSONSerialization.data(withJSONObject: data)
    let compiler = Compiler(
      loader: FileSystemLoader(root: templates.path, base: templates.path), imageDecoder: ImageFileDecoder(),
      symbolEncoder: ZintSymbolEncoder())
    let path = templates.appendingPathComponent("\(template).slip").path
    let source = SourceFile(path: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    let result = compiler.compile(
      source, data: SourceFile(path: "data.json", bytes: Array(json)),
      options: RenderOptions(now: ExactDecimal(1_764_511_509)))
    let errors = result.diagnostics.filter { $0.severity == .error }.map { (diagnostic: Diagnostic) in
      "\(diagnostic.id) \(diagnostic.message)"
    }
    guard let document = result.document else {
      throw RenderFailure(template: template, messages: errors)
    }
    return document
  }

  struct RenderFailure: Error, CustomStringConvertible {
    var template: String
    var messages: [String]
    var description: String { "\(template) did not render: \(messages.joined(separator: "; "))" }
  }

  /// `value` at `path` inside `node`: `a.b` nests, `*` is every element of a list.
  static func put(_ value: String, at path: ArraySlice<String>, in node: Any) -> Any {
    guard let head = path.first else { return value }
    if head == "*", let list = node as? [Any] {
      return list.map { put(value, at: path.dropFirst(), in: $0) }
    }
    guard var object = node as? [String: Any] else { return node }
    object[head] = put(value, at: path.dropFirst(), in: object[head] ?? [String: Any]())
    return object
  }

  // MARK: Commands

  /// The ESC/POS commands in `bytes`, counted, as `slip disasm` names them with their
  /// parameters ("ESC E 1", "GS V 1"); text lines are left out.
  static func commands(_ bytes: [UInt8]) -> [String: Int] {
    var counts: [String: Int] = [:]
    for line in ESCPOSDisassembler().listing(bytes).split(separator: "\n") where !line.hasPrefix("\"") {
      let command = line.split(separator: "|", maxSplits: 1)[0].trimmingCharacters(in: .whitespaces)
      counts[command, default: 0] += 1
    }
    return counts
  }

  /// Whether `command` is one whose number follows the text: a line feed, a style, a code page.
  static func laysOutText(_ command: String) -> Bool {
    ["LF", "ESC t ", "ESC E ", "ESC - ", "GS B ", "ESC M ", "GS ! "].contains {
      command == $0 || command.hasPrefix($0)
    }
  }

  /// The ZPL commands in `bytes`, in order: `^` or `~` and the two characters after it.
  static func zplCommands(_ bytes: [UInt8]) -> [String] {
    var out: [String] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "^") || bytes[index] == UInt8(ascii: "~") {
        let end = min(bytes.count, index + 3)
        out.append(String(decoding: bytes[index..<end], as: UTF8.self))
        index = end
      } else {
        index += 1
      }
    }
    return out
  }
}
