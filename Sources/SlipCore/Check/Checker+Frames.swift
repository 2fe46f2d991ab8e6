import SlipIR

// Frames: `box … end` around statements, and what may print inside a border.
extension Checker {
  /// `box border=line … end` (and, inside `columns`, `column … end`): its statements, between
  /// the frame's top and bottom.
  mutating func checkFrame(_ frame: FrameStatement, media: ReceiptMedia) -> [CheckedStatement] {
    var options = OptionReader(frame.options, statement: frame.kind.rawValue, accepts: ["border"])
    let border =
      options.choice("border", Border.allCases.map(\.rawValue)).flatMap(Border.init(rawValue:)) ?? .line
    diagnostics += options.diagnostics
    boxDepth += 1
    defer { boxDepth -= 1 }
    let body = checkBlock(frame.body, media: media)
    return [.box(border, .top, frame.range)] + body + [.box(border, .bottom, frame.range)]
  }

  /// Inside a border, a line must keep the border's columns: the receipt's font at single width
  /// (a wider or other font's line would put its rules between the others').
  mutating func checkFramed(
    _ settings: LineSettings, options: [Option], at range: SourceRange, media: ReceiptMedia
  ) {
    guard boxDepth > 0 || (table?.border ?? .none) != .none else { return }
    // A table's scaled row is already E0341.
    if settings.scale.width > 1, table == nil {
      let at = options.last(where: { $0.name == "scale" })?.range ?? range
      diagnostics.append(Diagnostic(.frameLine("\(settings.scale.width) times as wide"), at: at))
    } else if settings.font != media.font {
      let at = options.last(where: { $0.name == "font" })?.range ?? range
      diagnostics.append(Diagnostic(.frameLine("in font \(settings.font.rawValue)"), at: at))
    }
  }

  /// Statements that cannot print between a box's rules.
  static func keywordOutsideBoxes(_ statement: Statement) -> String? {
    switch statement {
    case .cut: "cut"
    case .drawer: "drawer"
    case .image: "image"
    case .symbol(let s): s.symbology == "qr" ? "qr" : "barcode"
    default: nil
    }
  }
}
