import SlipIR

// Borders: box-drawing characters drawn as strokes rather than glyphs.
extension Painter {
  /// A border run: each character's arms drawn from the cell's centre to its edges, over the
  /// line's whole height (not the glyph's 24 dots), so rules join the lines above and below and
  /// meet at corners. A single line is 2 dots thick; a double line is two such lines 2 dots apart,
  /// drawn as a 6-dot stroke with its middle 2 dots cleared, which joins corners and tees.
  mutating func paintBorder(_ run: TextRun, x: Int, top: Int, cellDots: Int, height: Int) {
    var cell = 0
    for character in run.text {
      defer { cell += 1 }
      guard let (arms, weight) = BoxDrawing.strokes(of: character) else { continue }
      paintArms(arms, weight, left: x + cell * cellDots, top: top, width: cellDots, height: height)
    }
  }

  /// One cell's arms at `weight`.
  mutating func paintArms(
    _ arms: BoxDrawing.Arms, _ weight: BoxDrawing.Weight, left: Int, top: Int, width: Int, height: Int
  ) {
    switch weight {
    case .single:
      for box in Self.armBoxes(arms, left: left, top: top, width: width, height: height, half: 1) {
        canvas.rectangle(x: box.x, y: box.y, width: box.width, height: box.height)
      }
    case .double:
      for box in Self.armBoxes(arms, left: left, top: top, width: width, height: height, half: 3) {
        canvas.rectangle(x: box.x, y: box.y, width: box.width, height: box.height)
      }
      for box in Self.armBoxes(arms, left: left, top: top, width: width, height: height, half: 1) {
        canvas.rectangle(x: box.x, y: box.y, width: box.width, height: box.height, ink: false)
      }
    }
  }

  /// The rectangles of a cell's arms, each `2 × half` dots thick and centred on the cell.
  static func armBoxes(
    _ arms: BoxDrawing.Arms, left: Int, top: Int, width: Int, height: Int, half: Int
  ) -> [(x: Int, y: Int, width: Int, height: Int)] {
    let centreX = left + width / 2
    let centreY = top + height / 2
    var boxes: [(x: Int, y: Int, width: Int, height: Int)] = []
    if arms.left { boxes.append((left, centreY - half, centreX + half - left, 2 * half)) }
    if arms.right { boxes.append((centreX - half, centreY - half, left + width - centreX + half, 2 * half)) }
    if arms.up { boxes.append((centreX - half, top, 2 * half, centreY + half - top)) }
    if arms.down { boxes.append((centreX - half, centreY - half, 2 * half, top + height - centreY + half)) }
    return boxes
  }
}
