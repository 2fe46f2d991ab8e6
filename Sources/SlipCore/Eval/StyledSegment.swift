import SlipIR

/// A stretch of printed text in one inline style: what a string with span tags evaluates to, a
/// piece between one tag and the next. What an interpolation gives joins the piece it falls in
/// as plain characters, never as markup.
struct StyledSegment: Sendable, Equatable {
  /// The characters.
  var text: String
  /// The spans around it.
  var style: SpanStyle
}

/// What the open spans add to the line's own style.
struct SpanStyle: Sendable, Equatable {
  var bold = false
  var underline = false
  var invert = false
  /// The innermost `<size WxH>`, or nil for the line's scale.
  var scale: Scale?

  /// No span open.
  static let none = SpanStyle()

  /// The style of the spans `open`, innermost last.
  init(open: [SpanKind]) {
    for kind in open {
      switch kind {
      case .bold: bold = true
      case .underline: underline = true
      case .invert: invert = true
      case .size(let size): scale = size
      }
    }
  }

  init() {}

  /// `line` with the spans' emphasis added.
  func applied(to line: TextStyle) -> TextStyle {
    TextStyle(bold: line.bold || bold, underline: line.underline || underline, invert: line.invert || invert)
  }
}
