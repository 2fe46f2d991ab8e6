import SlipIR

/// The bytes that start commands.
enum ControlByte {
  static let lineFeed: UInt8 = 0x0A
  static let escape: UInt8 = 0x1B
  static let groupSeparator: UInt8 = 0x1D
}

/// Writes jobs into a buffer, tracking what the printer's settings are, so each command is sent
/// only when it changes something.
struct Emitter {
  typealias Byte = ControlByte

  /// The stream so far.
  var bytes: [UInt8] = []
  /// Warnings of finished jobs, in document order.
  var warnings: [ESCPOSWarning] = []

  let profile: PrinterProfile
  let encoder: TextEncoder

  // The printer's settings as this job left them; `ESC @` restores these defaults.
  var font = Font.a
  var scale = Scale.normal
  var bold = false
  var underline = false
  var invert = false
  var margin = 0
  /// `ESC a`: only native symbols use it, text is placed with spaces.
  var justification = Alignment.left
  /// `GS W`, when this job narrowed the print area to the template's width.
  var areaWidth: Int?
  /// The template's width in the printer's dots.
  var templateDots = 0
  /// `GS h`, `GS w` and `GS H 0` as this job set them; `ESC @` restores the printer's own.
  var barcodeHeight: Int?
  var barcodeModule: Int?
  var barcodeTextOff = false
  /// Index into the encoder's pages; nil until the job selects one, since `ESC @` restores the
  /// page the printer's own settings say, which a profile cannot know for sure.
  var page: Int?

  // Where the job is, so choosing a code page can look at the text still to come.
  var blocks: [Block] = []
  var blockIndex = 0
  var runIndex = 0

  /// This job's warnings; characters without a code page are gathered per template location.
  var pending: [Pending] = []
  enum Pending {
    case warning(ESCPOSWarning)
    case missing(source: SourceSpan?, characters: [String])
  }

  init(profile: PrinterProfile, encoder: TextEncoder) {
    self.profile = profile
    self.encoder = encoder
    bytes.reserveCapacity(1024)
  }

  /// One receipt, from `ESC @` to the reset of what it changed; `imageLines` are text lines and
  /// rules (by block index) to print as these images, since no code page has their characters.
  mutating func job(_ document: Document, imageLines: [Int: Bitmap] = [:]) throws(ESCPOSError) {
    let (margin, contentDots) = try placement(of: document)
    templateDots = contentDots
    blocks = document.blocks
    command(Byte.escape, 0x40)
    (font, scale, bold, underline, invert, self.margin, page) = (.a, .normal, false, false, false, 0, nil)
    (justification, areaWidth) = (.left, nil)
    (barcodeHeight, barcodeModule, barcodeTextOff) = (nil, nil, false)
    if margin > 0 { setMargin(margin) }
    for index in blocks.indices {
      blockIndex = index
      runIndex = 0
      if let band = imageLines[index] {
        write(ImageBlock(bitmap: band, x: 0, alignment: .left, name: "", source: nil))
        continue
      }
      write(blocks[index])
    }
    select(font: .a, scale: .normal, bold: false, underline: false, invert: false)
    justify(.left)
    if self.margin != 0 { setMargin(0) }
    if areaWidth != nil {
      command(Byte.groupSeparator, 0x57, UInt8(profile.dots & 0xFF), UInt8(profile.dots >> 8))
      areaWidth = nil
    }
    blocks = []
    finishWarnings()
  }

  /// One block in the printer's commands.
  private mutating func write(_ block: Block) {
    switch block {
    case .text(let line): write(line)
    case .band(let band):
      // Without a rasteriser to draw the band as one picture (the writer's callers pass one),
      // its columns print one after the other: everything, if not side by side.
      for column in band.columns { column.blocks.forEach { write($0) } }
    case .rule(let rule): write(rule)
    case .feed(let paper): feed(lines: paper.lines)
    case .cut(let cut): write(cut)
    case .drawer(let kick): write(kick)
    case .image(let image): write(image)
    case .symbol(let placed):
      if !writeNatively(placed) {
        // The encoder's modules as raster: exactly what the layout measured.
        write(
          ImageBlock(
            bitmap: placed.symbol.bitmap(), x: placed.x, alignment: placed.alignment, name: "",
            source: placed.source))
      }
    }
  }

  /// Checks that the template fits the printer; returns the left margin that places it and the
  /// width it takes, in the printer's dots.
  func placement(of document: Document) throws(ESCPOSError) -> (margin: Int, width: Int) {
    var used = (a: false, b: false)
    var imageDots = 0
    for block in document.blocks {
      switch block {
      case .text(let line): if line.font == .a { used.a = true } else { used.b = true }
      case .rule(let rule): if rule.font == .a { used.a = true } else { used.b = true }
      case .image(let image):
        let right = image.x + image.bitmap.width
        guard right <= profile.dots else {
          throw .imageTooWide(
            image.name, dots: right, printer: profile.id, printerDots: profile.dots, at: image.source)
        }
        imageDots = max(imageDots, right)
      case .symbol(let placed):
        let right = placed.x + placed.symbol.width
        guard right <= profile.dots else {
          throw .imageTooWide(
            placed.symbol.data, dots: right, printer: profile.id, printerDots: profile.dots, at: placed.source
          )
        }
        imageDots = max(imageDots, right)
      case .band(let band):
        // A band is as wide as the template's grid (its columns' text is font A or B of it).
        used.a = used.a || document.media.font == .a
        used.b = used.b || document.media.font == .b
        imageDots = max(imageDots, band.columns.map { $0.x + $0.width }.max() ?? 0)
      case .feed, .cut, .drawer: break
      }
    }
    var contentDots = 0
    for font in Font.allCases where font == .a ? used.a : used.b {
      guard let metrics = profile.metrics(font) else {
        throw .fontMissing(font, printer: profile.id)
      }
      let columns = document.media.columns(for: font)
      guard columns <= metrics.columns else {
        throw .paperTooWide(
          paper: document.media.paper, font: font, mainFont: font == document.media.font, columns: columns,
          printer: profile.id,
          printerColumns: metrics.columns, printerDots: profile.dots)
      }
      contentDots = max(contentDots, columns * metrics.width)
    }
    contentDots = max(contentDots, imageDots)
    guard profile.narrowPlacement == .center, contentDots > 0 else { return (0, contentDots) }
    return (max(0, (profile.dots - contentDots) / 2), contentDots)
  }

}
