import SlipIR

/// How a receipt reaches the paper.
public enum PrintMode: String, Sendable, Equatable, CaseIterable {
  /// Text as characters in the printer's code pages; a line with characters no page has goes
  /// as an image of the line when the writer has a rasteriser.
  case text
  /// The whole receipt as raster images of the preview's pages.
  case raster
}

extension ESCPOSWriter {
  /// The ESC/POS default line spacing: 1/6 inch, 30 dots on these printers (and in emupos), not
  /// the 24-dot height of font A's glyphs. Slip never changes it for text.
  static let lineSpacing = 30

  /// Whether receipts go to this printer as raster images.
  var printsAsRaster: Bool {
    mode == .raster || profile.images.rasterReceipts
  }

  /// The paper this printer prints `document` on: its width, the margin that places a narrow
  /// template, line spacing, the feed before each cut, and how its image command shapes images.
  public func page(for document: Document) throws(ESCPOSError) -> PageSettings {
    let (margin, _) = try Emitter(profile: profile, encoder: encoder).placement(of: document)
    let images = profile.images
    // `ESC *` (the only image command some printers have) prints 24-dot lines.
    let columns = !images.raster && !images.graphics && images.column
    let raster = printsAsRaster
    return PageSettings(
      width: profile.dots, dpi: profile.dpi, leftMargin: margin, lineSpacing: Self.lineSpacing,
      cutFeedLines: profile.cutter.feedLines, imageRowMultiple: columns && !raster ? 24 : 1,
      linesAsImages: raster || rasterizer == nil ? [] : linesWithoutCodePage(document),
      pageRowMultiple: columns && raster ? 24 : 1,
      printsImages: images.raster || images.graphics || images.column)
  }

  /// What this printer prints for `document`, as pages of dots: the PNG preview, and in raster
  /// mode exactly the pages sent. Drawn with the writer's rasteriser: without one, an error.
  public func preview(_ document: Document) throws(ESCPOSError) -> RasterOutput {
    let page = try page(for: document)
    guard let rasterizer else { throw .noRasterizer(printer: profile.id) }
    do throws(BackendError) {
      return try rasterizer.render(document, on: page)
    } catch {
      throw .rasterFailed(error)
    }
  }

  /// Text lines and rules (block indices) with a character no code page of the printer has.
  func linesWithoutCodePage(_ document: Document) -> Set<Int> {
    var lines: Set<Int> = []
    for (index, block) in document.blocks.enumerated() {
      switch block {
      case .text(let line) where line.runs.contains(where: { encoder.lacksCharacters($0.text) }):
        lines.insert(index)
      case .rule(let rule) where encoder.lacksCharacters(rule.character):
        lines.insert(index)
      case .band:
        // Side by side with a picture or symbol: only a picture prints it.
        lines.insert(index)
      default: break
      }
    }
    return lines
  }

  /// The images of the lines no code page can print, drawn as wide as the template, to print in
  /// their place; empty without a rasteriser (those characters print as `?`).
  func imageLines(for document: Document) throws(ESCPOSError) -> (
    lines: [Int: Bitmap], warnings: [ESCPOSWarning]
  ) {
    guard let rasterizer else { return ([:], []) }
    let indices = linesWithoutCodePage(document)
    guard !indices.isEmpty else { return ([:], []) }
    let (_, width) = try Emitter(profile: profile, encoder: encoder).placement(of: document)
    var lines: [Int: Bitmap] = [:]
    var warnings: [ESCPOSWarning] = []
    for index in indices.sorted() {
      do throws(BackendError) {
        let band = try rasterizer.band(document.blocks[index], width: width, lineSpacing: Self.lineSpacing)
        lines[index] = band.bitmap
        warnings += band.warnings.map(ESCPOSWarning.init)
      } catch {
        throw .rasterFailed(error)
      }
    }
    return (lines, warnings)
  }

  /// Receipts as raster: for each, `ESC @`, then the preview's pages row for row, blank stretches
  /// fed with `ESC J`, drawer kicks where the template has them, `GS V` where it cuts.
  func emitRaster(_ documents: [Document]) throws(ESCPOSError) -> ESCPOSOutput {
    let images = profile.images
    guard images.raster || images.graphics || images.column else {
      throw .noImageCommand(printer: profile.id)
    }
    var job = RasterJob(profile: profile)
    var warnings: [ESCPOSWarning] = []
    for document in documents {
      let output = try preview(document)
      warnings += output.warnings.map(ESCPOSWarning.init)
      job.start()
      for page in output.pages { job.print(page, blocks: document.blocks) }
      job.finish()
    }
    for warning in job.warnings where !warnings.contains(warning) { warnings.append(warning) }
    return ESCPOSOutput(bytes: job.bytes, warnings: warnings)
  }
}

extension ESCPOSWarning {
  /// The raster engine's warning, unchanged.
  init(_ warning: BackendWarning) {
    self.init(id: warning.id, message: warning.message, source: warning.source)
  }
}

extension TextEncoder {
  /// Whether `text` has a character no page has (one the text path would print as `?`), by the
  /// writer's rules: controls and invisible characters print nothing, decomposed letters count
  /// as their composed form.
  func lacksCharacters(_ text: String) -> Bool {
    if TextColumns.isASCII(text) { return false }
    for character in text {
      var kept: [Unicode.Scalar] = []
      for scalar in character.unicodeScalars {
        let value = scalar.value
        let control = value < 0x20 || (0x7F...0x9F).contains(value)
        let invisible =
          value == 0xAD || (0xFE00...0xFE0F).contains(value)
          || (value >= 0x300 && scalar.properties.generalCategory == .format)
        if !control && !invisible { kept.append(scalar) }
      }
      guard let first = kept.first else { continue }
      if kept.count == 1, first.value < 0x7F { continue }
      if let single = kept.count == 1 ? first.value : composedScalar(of: kept), pagesHaving(single) != 0 {
        continue
      }
      return true
    }
    return false
  }
}

/// Writes raster pages: the image command the printer has (`GS v 0`, else `GS ( L`, else
/// `ESC *`), rows of ink in bands of the profile's height, blank rows as paper feed.
struct RasterJob {
  private typealias Byte = ControlByte

  let profile: PrinterProfile
  private(set) var bytes: [UInt8] = []
  private(set) var warnings: [ESCPOSWarning] = []

  init(profile: PrinterProfile) {
    self.profile = profile
  }

  private var columnMode: Bool {
    !profile.images.raster && !profile.images.graphics && profile.images.column
  }

  /// `ESC @`; `ESC *` lines meet only at 24-dot line spacing.
  mutating func start() {
    bytes += [Byte.escape, 0x40]
    if columnMode { bytes += [Byte.escape, 0x33, 24] }
  }

  /// `ESC 2` restores the default line spacing `ESC *` changed.
  mutating func finish() {
    if columnMode { bytes += [Byte.escape, 0x32] }
  }

  /// One page: its rows down to each drawer kick, the kick, the rest, then the cut.
  mutating func print(_ page: RasterPage, blocks: [Block]) {
    var sent = 0
    for placed in page.blocks {
      guard case .drawer(let kick) = blocks[placed.index] else { continue }
      // A kick below the last row (a receipt ending in `drawer`, no cut) comes after the page's
      // last row, which must still be printed for the paper to be the preview's.
      let end = min(placed.top, page.bitmap.height)
      sent = send(page.bitmap, from: sent, to: end, last: end == page.bitmap.height)
      kickDrawer(kick)
    }
    _ = send(page.bitmap, from: sent, to: page.bitmap.height, last: true)
    if let cut = page.cut {
      // The feed before the cut is in the page already.
      let kinds = profile.cutter.kinds
      if let kind = kinds.contains(cut.kind) ? cut.kind : kinds.first {
        bytes += [Byte.groupSeparator, 0x56, kind == .full ? 0 : 1]
      }
    }
  }

  /// Sends rows `from..<to` and returns the row reached. The page's `last` row is always printed,
  /// so the paper it takes is the preview's even where a printer (or emupos) drops a final feed.
  private mutating func send(_ bitmap: Bitmap, from: Int, to: Int, last: Bool) -> Int {
    columnMode
      ? sendColumns(bitmap, from: from, to: to, last: last)
      : sendBands(bitmap, from: from, to: to, last: last)
  }

  private mutating func sendBands(_ bitmap: Bitmap, from: Int, to: Int, last: Bool) -> Int {
    // GS ( L takes at most 65 535 bytes a command.
    let bandRows = profile.images.bandRows
    let most = profile.images.raster ? bandRows : min(bandRows, 65_525 / bitmap.bytesPerRow)
    func printed(_ y: Int) -> Bool { !blank(bitmap, row: y) || (last && y == to - 1) }
    var y = from
    while y < to {
      var next = y
      while next < to, !printed(next) { next += 1 }
      if next > y {
        feed(next - y)
        y = next
        continue
      }
      // A band runs on through short blank stretches (between text lines, say) and stops before
      // a long one, which is fed.
      var end = y
      var scan = y
      while scan < to, scan - y < most {
        if printed(scan) {
          scan += 1
          end = scan
          continue
        }
        var stretch = scan
        while stretch < to, !printed(stretch) { stretch += 1 }
        if stretch - scan >= Self.longBlank || stretch == to { break }
        scan = stretch
      }
      band(bitmap, rows: y..<end)
      y = end
    }
    return to
  }

  /// Blank rows this many or more are fed rather than sent.
  private static let longBlank = 24

  private mutating func band(_ bitmap: Bitmap, rows: Range<Int>) {
    let widthBytes = bitmap.bytesPerRow
    let height = rows.count
    if profile.images.raster {
      bytes += [Byte.groupSeparator, 0x76, 0x30, 0]
      bytes += [UInt8(widthBytes & 0xFF), UInt8(widthBytes >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
      bytes += bitmap.bits[rows.lowerBound * widthBytes..<rows.upperBound * widthBytes]
    } else {
      // GS ( L fn 112: store one-tone graphics (a 48, bx by 1, c 49), then fn 50: print them.
      let size = 10 + widthBytes * height
      let width = widthBytes * 8
      bytes += [Byte.groupSeparator, 0x28, 0x4C, UInt8(size & 0xFF), UInt8(size >> 8), 48, 112, 48, 1, 1, 49]
      bytes += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
      bytes += bitmap.bits[rows.lowerBound * widthBytes..<rows.upperBound * widthBytes]
      bytes += [Byte.groupSeparator, 0x28, 0x4C, 2, 0, 48, 50]
    }
  }

  /// `ESC *` lines of 24 rows from the page's top (its height is a multiple of 24); blank lines
  /// are fed, except the page's last.
  private mutating func sendColumns(_ bitmap: Bitmap, from: Int, to: Int, last: Bool) -> Int {
    var y = from
    let end = last ? bitmap.height : min(bitmap.height, (to + 23) / 24 * 24)
    while y < end {
      let rows = y..<min(bitmap.height, y + 24)
      if rows.allSatisfy({ blank(bitmap, row: $0) }), !(last && rows.upperBound == bitmap.height) {
        feed(24)
      } else {
        let width = bitmap.width
        bytes += [Byte.escape, 0x2A, 33, UInt8(width & 0xFF), UInt8(width >> 8)]
        for column in 0..<width {
          for slice in 0..<3 {
            var byte: UInt8 = 0
            for bit in 0..<8 {
              let row = y + slice * 8 + bit
              if row < bitmap.height, bitmap[column, row] { byte |= 0x80 >> UInt8(bit) }
            }
            bytes.append(byte)
          }
        }
        bytes.append(Byte.lineFeed)
      }
      y += 24
    }
    return y
  }

  /// `ESC J n`: feeds `rows` dots of blank paper.
  private mutating func feed(_ rows: Int) {
    var left = rows
    while left > 0 {
      let step = min(255, left)
      bytes += [Byte.escape, 0x4A, UInt8(step)]
      left -= step
    }
  }

  /// `ESC p`, as the text path sends it.
  private mutating func kickDrawer(_ kick: DrawerKick) {
    guard kick.pin == 2 || kick.pin == 5, profile.drawerPins.contains(kick.pin) else {
      let warning = ESCPOSWarning.drawerPinMissing(
        kick.pin, printer: profile.id, pins: profile.drawerPins, at: kick.source)
      if !warnings.contains(warning) { warnings.append(warning) }
      return
    }
    func units(_ milliseconds: Int) -> UInt8 { UInt8(min(255, max(1, (milliseconds + 1) / 2))) }
    bytes += [
      Byte.escape, 0x70, kick.pin == 2 ? 0 : 1, units(kick.onMilliseconds), units(kick.offMilliseconds),
    ]
  }

  private func blank(_ bitmap: Bitmap, row: Int) -> Bool {
    let start = row * bitmap.bytesPerRow
    return bitmap.bits[start..<start + bitmap.bytesPerRow].allSatisfy { $0 == 0 }
  }
}
