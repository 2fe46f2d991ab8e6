import SlipIR
import SlipSupport

/// Reads inline span tags out of a printed string's literal pieces: `"Total <b>{{ t }}</b>"`
/// becomes text, an opening tag, the expression and a closing tag.
///
/// Only literal text is read: what an interpolation gives is data, and data is never markup (a
/// visitor named `<b>x</b>` prints those characters). A `<` starts a tag when a letter or `/`
/// follows it; otherwise (`a < b`, `<-`) it is the character. `\<` is always the character: the
/// lexer gives it a piece of its own, two source bytes for one character. Tags must nest and
/// close inside their string; problems are errors at the tag's columns.
struct SpanReader {
  /// The tags the language knows, for "did you mean".
  static let names = ["b", "inv", "size", "u"]
  /// Names people reach for, from HTML and the statements' own options, and the tag meant.
  static let aliases = [
    "bold": "b", "strong": "b", "em": "b", "underline": "u", "invert": "inv", "reverse": "inv",
    "scale": "size",
  ]

  /// An open span: its kind, or nil for a tag already reported as bad (its close is expected
  /// and says nothing more).
  private struct Open {
    var name: String
    var kind: SpanKind?
    var range: SourceRange
  }

  private(set) var diagnostics: [Diagnostic] = []

  /// `template` with its tags as ``TextTemplate/Part/span(_:_:)`` pieces; unchanged (the same
  /// value) when its text holds no `<`.
  mutating func read(_ template: TextTemplate) -> TextTemplate {
    guard template.parts.contains(where: Self.mayHoldTag) else { return template }
    var parts: [TextTemplate.Part] = []
    var open: [Open] = []
    for part in template.parts {
      guard case .text(let text, let range) = part, Self.mayHoldTag(part) else {
        parts.append(part)
        continue
      }
      read(text, at: range, into: &parts, open: &open)
    }
    for span in open.reversed() where span.kind != nil {
      diagnostics.append(
        Diagnostic(.spanUnclosed(span.name), at: span.range, help: [Help.spanUnclosed(span.name)]))
    }
    return TextTemplate(parts: parts, range: template.range)
  }

  /// Whether `part` is literal text with a `<` that is not the escaped one.
  private static func mayHoldTag(_ part: TextTemplate.Part) -> Bool {
    guard case .text(let text, let range) = part else { return false }
    if text == "<", range.end - range.start == 2 { return false }
    return text.utf8.contains(UInt8(ascii: "<"))
  }

  private mutating func read(
    _ text: String, at range: SourceRange, into parts: inout [TextTemplate.Part],
    open: inout [Open]
  ) {
    let bytes = Array(text.utf8)
    // Offsets in the text are offsets in the source when no escape was resolved in this piece
    // (the lexer keeps `\<` apart; other escapes are rare): else tags are placed at the piece.
    let exact = range.end - range.start == bytes.count
    func place(_ start: Int, _ end: Int) -> SourceRange {
      exact ? SourceRange(file: range.file, start: range.start + start, end: range.start + end) : range
    }
    var literalStart = 0
    var index = 0
    func flush(_ end: Int) {
      if end > literalStart {
        parts.append(
          .text(String(decoding: bytes[literalStart..<end], as: UTF8.self), place(literalStart, end)))
      }
    }
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count,
        Self.isLetter(bytes[index + 1]) || bytes[index + 1] == UInt8(ascii: "/")
      else {
        index += 1
        continue
      }
      flush(index)
      let start = index
      guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else {
        // No '>' in this piece: the tag runs into an interpolation or the string's end.
        let tagRange = place(start, bytes.count)
        diagnostics.append(
          Diagnostic(.spanNotClosedByBracket(), at: tagRange, help: [Help.spanEscape()]))
        index = bytes.count
        literalStart = index
        break
      }
      index = close + 1
      literalStart = index
      let tagRange = place(start, index)
      let inside = String(decoding: bytes[(start + 1)..<close], as: UTF8.self)
      let closing = inside.hasPrefix("/")
      let name = String(inside.dropFirst(closing ? 1 : 0).prefix(while: { $0 != " " }))
      let nameStart = start + 1 + (closing ? 1 : 0)
      if closing, let top = open.last, top.kind == nil {
        // The close of a bad opening tag, already reported: taken as the close that was meant.
        open.removeLast()
        continue
      }
      let tag = tag(inside, at: tagRange, nameRange: place(nameStart, nameStart + name.utf8.count))
      if closing {
        guard let top = open.last else {
          if tag != nil {
            diagnostics.append(
              Diagnostic(.spanCloseWithoutOpen(name), at: tagRange, help: [Help.spanEscape()]))
          }
          continue
        }
        guard top.name == name else {
          if tag != nil {
            diagnostics.append(
              Diagnostic(
                .spanMisnested(name, open: top.name), at: tagRange,
                notes: [Note("'<\(top.name)>' is opened here", at: top.range)],
                help: [Help.spanMisnested(top.name)]))
          }
          // Drop the span it tried to close, if open further out, so one slip is one error.
          if let outer = open.lastIndex(where: { $0.name == name }) { open.remove(at: outer) }
          continue
        }
        open.removeLast()
        guard let tag else { continue }
        parts.append(.span(tag, tagRange))
        continue
      }
      open.append(
        Open(
          name: name, kind: tag.flatMap { if case .open(let kind) = $0 { kind } else { nil } },
          range: tagRange))
      guard let tag else { continue }
      parts.append(.span(tag, tagRange))
    }
    flush(bytes.count)
  }

  /// The tag between `<` and `>`, or nil (reported) when it is not one the language knows.
  private mutating func tag(_ inside: String, at range: SourceRange, nameRange: SourceRange) -> SpanTag? {
    let closing = inside.hasPrefix("/")
    let body = closing ? String(inside.dropFirst()) : inside
    let words = body.split(separator: " ", omittingEmptySubsequences: true)
    let name = words.first.map(String.init) ?? ""
    switch name {
    case "b", "u", "inv":
      guard words.count == 1 else {
        diagnostics.append(Diagnostic(.spanTagArgument(name), at: range))
        return nil
      }
      let kind: SpanKind = name == "b" ? .bold : name == "u" ? .underline : .invert
      return closing ? .close(kind) : .open(kind)
    case "size":
      if closing {
        guard words.count == 1 else {
          diagnostics.append(Diagnostic(.spanTagArgument("/size"), at: range))
          return nil
        }
        return .close(.size(.normal))
      }
      guard words.count == 2, let scale = Self.scale(words[1]) else {
        let given = words.count > 1 ? words.dropFirst().joined(separator: " ") : ""
        diagnostics.append(Diagnostic(.spanSize(given), at: range, help: [Help.spanSize()]))
        return nil
      }
      return .open(.size(scale))
    default:
      let suggestion = Self.aliases[name.lowercased()] ?? Suggestion.closest(to: name, in: Self.names)
      diagnostics.append(
        Diagnostic(
          .spanUnknown(closing ? "/" + name : name), at: range,
          help: suggestion.map { [Help.didYouMean("<\(closing ? "/" : "")\($0)>")] } ?? [Help.spanEscape()],
          fixIts: suggestion.map { [FixIt("use '\($0)'", range: nameRange, replacement: $0)] } ?? []))
      return nil
    }
  }

  /// `2x2`: each factor 1 to 8.
  private static func scale(_ text: Substring) -> Scale? {
    let factors = text.split(separator: "x", omittingEmptySubsequences: false)
    guard factors.count == 2, let width = Int(factors[0]), let height = Int(factors[1]),
      (1...8).contains(width), (1...8).contains(height)
    else { return nil }
    return Scale(width: width, height: height)
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
  }
}
