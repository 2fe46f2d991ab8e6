import SlipIR

// Bands: `columns … end` side by side, each column's blocks as on paper as wide as it.
extension Painter {
  /// The rows a column's blocks take: what they would take printed alone (pictures and symbols
  /// always draw in a band, which prints as a picture).
  func columnHeight(_ column: BandColumn) -> Int {
    column.blocks.reduce(0) { $0 + rows(of: $1) }
  }

  /// The rows the tallest column takes.
  func bandHeight(_ band: Band) -> Int {
    band.columns.reduce(0) { max($0, columnHeight($1)) }
  }

  /// The rows one block takes inside a band.
  private func rows(of block: Block) -> Int {
    switch block {
    case .image(let image): image.bitmap.height
    case .symbol(let placed): placed.symbol.height
    default: advance(block, index: nil)
    }
  }

  /// Each column's blocks from its top, a shorter column lowered by the band's alignment.
  mutating func paint(_ band: Band, top: Int, left: Int) throws(RasterError) {
    let height = bandHeight(band)
    for rule in band.rules {
      paintArms(.vertical, rule.weight, left: left + rule.x, top: top, width: rule.width, height: height)
    }
    for column in band.columns {
      let room = height - columnHeight(column)
      let lowered =
        switch band.alignment {
        case .top: 0
        case .middle: room / 2
        case .bottom: room
        }
      var y = top + lowered
      for block in column.blocks {
        switch block {
        case .image(let image): canvas.draw(image.bitmap, x: left + column.x + image.x, y: y)
        case .symbol(let placed): canvas.draw(placed.symbol.bitmap(), x: left + column.x + placed.x, y: y)
        default: try paint(block, top: y, left: left + column.x)
        }
        y += rows(of: block)
      }
    }
  }
}
