import Testing

@testable import SlipCore

/// The precomputed index answers exactly as counting lines and scalars does.
@Suite struct SpanIndexTests {
  @Test(arguments: [
    "receipt paper=58mm\ntext \"Café 日本 😀\" align=center\n\nrow \"a\" | \"ß\"",
    "\u{FEFF}text \"é\"\r\nrule\n",
    "",
    "no newline at the end",
  ])
  func agreesWithSourceFileLocations(_ text: String) {
    var sources = SourceFiles()
    let file = SourceFile(path: "t.slip", text: text)
    _ = sources.add(file)
    let index = SpanIndex(sources)
    // Every offset that starts a scalar, and the end of the file.
    var offsets = file.bytes.indices.filter { file.bytes[$0] & 0xC0 != 0x80 }
    offsets.append(file.bytes.count)
    for start in offsets {
      for end in offsets where end >= start {
        let span = index.span(SourceRange(file: 0, start: start, end: end))
        let first = file.location(at: start)
        let last = file.location(at: end)
        #expect(span?.line == first.line && span?.column == first.column, "start \(start)")
        #expect(span?.endLine == last.line && span?.endColumn == last.column, "end \(end)")
      }
    }
  }
}
