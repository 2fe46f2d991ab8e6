import SlipIR

extension LabelElement {
  /// The rectangle the element covers: left, top, right and bottom edges in dots.
  var bounds: (left: Int, top: Int, right: Int, bottom: Int) {
    switch self {
    case .text(let text) where text.rotation != .none:
      let (width, height) = text.rotation.turned(width: text.extent.width, height: text.extent.height)
      return (text.x, text.y, text.x + width, text.y + height)
    case .text(let text):
      // The lines' widest end, read in place (no array of ends for each text placed).
      var right = text.x
      for index in text.lines.indices { right = max(right, text.lines[index].x + text.lines[index].width) }
      return (text.x, text.y, right, text.y + text.lineSpacing * text.lines.count)
    case .box(let box):
      return (box.x, box.y, box.x + box.width, box.y + box.height)
    case .line(let line):
      // The thickness spreads across the line, not past its ends: a full-width rule stays inside.
      let half = line.thickness / 2
      let across = (x: line.x1 == line.x2 ? half : 0, y: line.y1 == line.y2 ? half : 0)
      let diagonal = line.x1 != line.x2 && line.y1 != line.y2 ? half : 0
      return (
        min(line.x1, line.x2) - across.x - diagonal, min(line.y1, line.y2) - across.y - diagonal,
        max(line.x1, line.x2) + across.x + diagonal, max(line.y1, line.y2) + across.y + diagonal
      )
    case .circle(let circle):
      return (circle.x, circle.y, circle.x + circle.diameter, circle.y + circle.height)
    case .image(let image):
      return (image.x, image.y, image.x + image.bitmap.width, image.y + image.bitmap.height)
    case .symbol(let placed):
      let (width, height) = placed.rotation.turned(width: placed.symbol.width, height: placed.symbol.height)
      return (placed.x, placed.y, placed.x + width, placed.y + height)
    }
  }

  /// The same element, pointing at the statement that made it.
  func withSource(_ source: SourceSpan?) -> LabelElement {
    switch self {
    case .text(var text):
      text.source = source
      return .text(text)
    case .box(var box):
      box.source = source
      return .box(box)
    case .line(var line):
      line.source = source
      return .line(line)
    case .circle(var circle):
      circle.source = source
      return .circle(circle)
    case .image(var image):
      image.source = source
      return .image(image)
    case .symbol(var symbol):
      symbol.source = source
      return .symbol(symbol)
    }
  }
}
