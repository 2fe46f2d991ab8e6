import Foundation
import Testing

@testable import SlipCore

/// `slip fmt`: one canonical layout, idempotent, meaning and comments kept.
@Suite struct FormatterTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  func format(_ text: String) -> String? {
    Formatter().format(SourceFile(path: "t.slip", text: text)).text
  }

  @Test func normalisesSpacingIndentationAndOptionOrder() {
    let messy = """
      # a receipt, formatted
      receipt    paper=58mm
      text   "{{ shop.name }}"   bold scale=2  align=center   # the name


      for   item   in   items
      row "{{ item.name }}"|"{{ item.qty * item.price | rupiah }}"   bold
          if  item.qty>1 and not(item.free)
      text "x"  x=-5
        else if -item.qty<=0
       text "y"
        end
      end
      set total=items|sum(qty*price)
      table   align="left right"  widths="* 10"
      row "a"|"b"
      end
      image "logo.png" dither=floyd-steinberg   width=50%
      barcode code128 "{{ id }}"  hri=below height=60
      """
    #expect(
      format(messy) == """
        # a receipt, formatted
        receipt paper=58mm
        text "{{ shop.name }}" align=center scale=2 bold # the name

        for item in items
          row "{{ item.name }}" | "{{ item.qty * item.price | rupiah }}" bold
          if item.qty > 1 and not (item.free)
            text "x" x=-5
          else if -item.qty <= 0
            text "y"
          end
        end
        set total = items | sum(qty * price)
        table widths="* 10" align="left right"
          row "a" | "b"
        end
        image "logo.png" width=50% dither=floyd-steinberg
        barcode code128 "{{ id }}" height=60 hri=below

        """)
  }

  @Test func meaningIgnoresPositionsButSeesChanges() {
    #expect(
      Self.meaning("receipt\ntext     \"{{ a.b }}\" bold\n")
        == Self.meaning("receipt\n text \"{{ a.b }}\"  bold\n"))
    #expect(Self.meaning("receipt\ntext \"{{ a.b }}\"\n") != Self.meaning("receipt\ntext \"{{ a.c }}\"\n"))
  }

  @Test func refusesWhatDoesNotParse() {
    let result = Formatter().format(SourceFile(path: "t.slip", text: "receipt\nfor x in\n"))
    #expect(result.text == nil)
    #expect(result.diagnostics.hasErrors)
  }

  /// Every template the project has: formatting is idempotent and keeps the meaning (the AST
  /// without source positions) and every comment.
  @Test func bundledTemplatesKeepTheirMeaning() throws {
    var urls: [URL] = []
    for folder in ["templates", "Tests/GoldenTests/Cases", "docs/examples"] {
      let walker = FileManager.default.enumerator(
        at: Self.root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let url = walker?.nextObject() as? URL {
        if url.pathExtension == "slip" { urls.append(url) }
      }
    }
    #expect(urls.count >= 20)
    var formatted = 0
    for url in urls {
      let text = try String(contentsOf: url, encoding: .utf8)
      guard let once = format(text) else { continue }
      formatted += 1
      #expect(format(once) == once, "not idempotent: \(url.lastPathComponent)")
      #expect(Self.meaning(once) == Self.meaning(text), "meaning changed: \(url.path)")
      let comments = text.split(separator: "\n").filter {
        $0.trimmingCharacters(in: .whitespaces).hasPrefix("#")
      }
      for comment in comments {
        #expect(
          once.contains(comment.trimmingCharacters(in: .whitespaces)),
          "lost comment in \(url.lastPathComponent)")
      }
    }
    #expect(formatted >= 15)
  }

  /// The AST without source positions, options in a fixed order: what a reordering of
  /// options or a change of spacing must keep.
  static func meaning(_ text: String) -> String {
    let file = SourceFile(path: "t.slip", text: text)
    var lexer = Lexer(source: file, file: 0)
    var parser = Parser(tokens: lexer.tokenize().tokens)
    let described = parser.parse().template.statements.map { describe($0) }.joined(separator: "\n")
    // Source positions move when spacing changes; everything else must stay.
    return described.replacingOccurrences(
      of: #"SourceRange\(file: \d+, start: \d+, end: \d+\)"#, with: "_", options: .regularExpression)
  }

  static func describe(_ statement: Statement) -> String {
    func options(_ options: [Option]) -> String {
      options.map { "\($0.name)=\($0.valueText ?? "")" }.sorted().joined(separator: " ")
    }
    switch statement {
    case .receipt(let s): return "\(s.kind) \(options(s.options))"
    case .text(let s): return "text \(s.content.parts) \(options(s.options))"
    case .row(let s): return "row \(s.cells.map(\.parts)) \(options(s.options))"
    case .rule(let s): return "rule \(String(describing: s.character?.parts)) \(options(s.options))"
    case .feed(let s): return "feed \(String(describing: s.lines?.kind)) \(options(s.options))"
    case .cut(let s): return "cut \(options(s.options))"
    case .drawer(let s): return "drawer \(options(s.options))"
    case .forEach(let s): return "for \(s.variable) \(s.sequence.kind) [\(s.body.map(describe))]"
    case .conditional(let s):
      return
        "if \(s.branches.map { "\($0.condition.kind) [\($0.body.map(describe))]" }) else \(s.elseBody.map { $0.map(describe) } ?? [])"
    case .set(let s): return "set \(s.name) \(s.value.kind)"
    case .table(let s): return "table \(options(s.options)) [\(s.body.map(describe))]"
    case .include(let s): return "include \(s.path)"
    case .image(let s): return "image \(s.path) \(options(s.options))"
    case .symbol(let s): return "symbol \(s.symbology) \(s.content.parts) \(options(s.options))"
    case .shape(let s): return "\(s.kind) \(options(s.options))"
    case .frame(let s): return "\(s.kind) \(options(s.options)) [\(s.body.map(describe))]"
    }
  }
}
