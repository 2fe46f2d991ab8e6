/// The lexer's tokens as JSON Lines, for `slip check --tokens`: what an editor's semantic
/// highlighting can use, and what `scripts/grammar-check` compares the TextMate grammar with.
///
/// One object per token, `{"file", "kind", "text", "line", "column", "endLine", "endColumn"}`,
/// places as in the JSON diagnostics (1-based, columns in Unicode scalars, the end exclusive).
/// A string comes whole, then its pieces: `string-text` for literal text (the text as written,
/// escapes and all), `interpolation-begin` and `interpolation-end` for the braces with the
/// expression's tokens between them. Newlines and the end of the input are left out.
public enum TokenJSON {
  /// Every token of `source`, comments included, one JSON object a line.
  public static func lines(_ source: SourceFile) -> String {
    var lexer = Lexer(source: source, file: 0, keepsComments: true)
    var out = ""
    append(lexer.tokenize().tokens, source: source, to: &out)
    return out
  }

  private static func append(_ tokens: [Token], source: SourceFile, to out: inout String) {
    for token in tokens {
      switch token.kind {
      case .newline: continue
      case .end:
        // Inside an interpolation the end token is its closing braces.
        if token.text == "}}" { line("interpolation-end", token.range, source: source, to: &out) }
      case .identifier: line("identifier", token.range, source: source, to: &out)
      case .number: line("number", token.range, source: source, to: &out)
      case .dimension: line("dimension", token.range, source: source, to: &out)
      case .symbol: line("symbol", token.range, source: source, to: &out)
      case .comment: line("comment", token.range, source: source, to: &out)
      case .string(let literal):
        line("string", token.range, source: source, to: &out)
        for part in literal.parts {
          switch part {
          case .text(_, let range): line("string-text", range, source: source, to: &out)
          case .interpolation(let inner, let range):
            let open = SourceRange(file: range.file, start: range.start, end: range.start + 2)
            line("interpolation-begin", open, source: source, to: &out)
            append(inner, source: source, to: &out)
          }
        }
      }
    }
  }

  private static func line(_ kind: String, _ range: SourceRange, source: SourceFile, to out: inout String) {
    let json = DiagnosticJSON()
    let start = source.location(at: range.start)
    let end = source.location(at: range.end)
    let text = String(decoding: source.bytes[range.start..<range.end], as: UTF8.self)
    out += "{\"file\": \(json.quote(source.path)), \"kind\": \"\(kind)\", \"text\": \(json.quote(text)), "
    out += "\"line\": \(start.line), \"column\": \(start.column), "
    out += "\"endLine\": \(end.line), \"endColumn\": \(end.column)}\n"
  }
}
