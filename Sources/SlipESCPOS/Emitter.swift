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
  private typealias Byte = ControlByte

  /// The stream so far.
  private(set) var bytes: [UInt8] = []
  /// Warnings of finished jobs, in document order.
  private(set) var warnings: [ESCPOSWarning] = []

  private let profile: PrinterProfile
  private let encoder: TextEncoder

  // The printer's settings as this job left them; `ESC @` restores these defaults.
  private var font = Font.a
  private var scale = Scale.normal
  private var bold = false
  private var underline = false
  private var invert = false
  private var margin = 0
  /// `ESC a`: only native symbols use it, text is placed with spaces.
  private var justification = Alignment.left
  /// `GS W`, when this job narrowed the print area to the template's width.
  private var areaWidth: Int?
  /// The template's width in the printer's dots.
  private var templateDots = 0
  /// `GS h`, `GS w` and `GS H 0` as this job set them; `ESC @` restores the printer's own.
  private var barcodeHeight: Int?
  private var barcodeModule: Int?
  private var barcodeTextOff = false
  /// Index into the encoder's pages; nil until the job selects one, since `ESC @` restores the
  /// page the printer's own settings say, which a profile cannot know for sure.
  private var page: Int?

  // Where the job is, so choosing a code page can look at the text still to come.
  private var blocks: [Block] = []
  private var blockIndex = 0
  private var runIndex = 0

  /// This job's warnings; characters without a code page are gathered per template location.
  private var pending: [Pending] = []
  private enum Pending {
    case warning(ESCPOSWarning)
    case missing(source: SourceSpan?, characters: [String])
  }

  init(profile: PrinterProfile, encoder: TextEncoder) {
    self.profile = profile
    self.encoder = encoder
    bytes.reserveCapacity(1024)
  }

  // MARK: Jobs and blocks

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
      switch blocks[index] {
      case .text(let line): write(line)
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
          throw .imageTooWide(image.name, dots: right, printer: profile.id, printerDots: profile.dots)
        }
        imageDots = max(imageDots, right)
      case .symbol(let placed):
        let right = placed.x + placed.symbol.width
        guard right <= profile.dots else {
          throw .imageTooWide(placed.symbol.data, dots: right, printer: profile.id, printerDots: profile.dots)
        }
        imageDots = max(imageDots, right)
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

  /// A line: runs at their columns, gaps filled with spaces, then `LF`.
  private mutating func write(_ line: TextLine) {
    justify(.left)
    var column = 0
    var previous: TextStyle?
    // Runs are read in place, field by field: a copy of each run (its text retained and
    // released) cost more than placing it.
    for index in line.runs.indices {
      runIndex = index
      let (start, width, style) = (line.runs[index].column, line.runs[index].width, line.runs[index].style)
      if start > column {
        // Gaps are counted in the paper's columns at normal width, as the text backend counts
        // them, and keep the line's height so an inverted bar stays whole between inverted runs.
        let bar = (previous?.invert ?? false) && style.invert
        select(
          font: line.font, scale: Scale(width: 1, height: line.scale.height), bold: nil, underline: false,
          invert: bar)
        spaces((start - column) * line.scale.width)
        column = start
      }
      select(
        font: line.font, scale: line.scale, bold: style.bold, underline: style.underline,
        invert: style.invert)
      let cells = encode(line.runs[index].text, source: line.runs[index].source)
      if cells < width { spaces(width - cells) }
      column += max(width, cells)
      previous = style
    }
    bytes.append(Byte.lineFeed)
  }

  /// A rule: its character repeated across the line.
  private mutating func write(_ rule: RuleLine) {
    justify(.left)
    select(
      font: rule.font, scale: .normal, bold: rule.style.bold, underline: rule.style.underline,
      invert: rule.style.invert)
    let cells = encode(rule.character, source: rule.source)
    if cells > 0 {
      // The character's own bytes are the last ones written, after any `ESC t`.
      let repeats = rule.columns / cells - 1
      if cells == 1, let byte = bytes.last {
        bytes += [UInt8](repeating: byte, count: max(0, repeats))
      } else {
        let pattern = Array(bytes[(bytes.count - cells)...])
        for _ in 0..<max(0, repeats) { bytes += pattern }
      }
    }
    bytes.append(Byte.lineFeed)
  }

  /// Blank paper, `ESC d n` (at most 255 lines a command).
  private mutating func feed(lines: Int) {
    var left = lines
    while left > 0 {
      let count = min(left, 255)
      command(Byte.escape, 0x64, UInt8(count))
      left -= count
    }
  }

  /// Feeds the paper past the blade, then cuts with `GS V` if there is a cutter.
  private mutating func write(_ cut: Cut) {
    feed(lines: profile.cutter.feedLines)
    let kinds = profile.cutter.kinds
    guard let kind = kinds.contains(cut.kind) ? cut.kind : kinds.first else { return }
    command(Byte.groupSeparator, 0x56, kind == .full ? 0 : 1)
  }

  /// `ESC p m t1 t2`: a pulse on pin 2 (m = 0) or 5 (m = 1), times in units of 2 ms.
  private mutating func write(_ kick: DrawerKick) {
    guard kick.pin == 2 || kick.pin == 5, profile.drawerPins.contains(kick.pin) else {
      pending.append(
        .warning(.drawerPinMissing(kick.pin, printer: profile.id, pins: profile.drawerPins, at: kick.source)))
      return
    }
    func units(_ milliseconds: Int) -> UInt8 { UInt8(min(255, max(1, (milliseconds + 1) / 2))) }
    command(Byte.escape, 0x70, kick.pin == 2 ? 0 : 1, units(kick.onMilliseconds))
    bytes.append(units(kick.offMilliseconds))
  }

  // MARK: Settings

  /// Sends the commands that make the settings these; `bold: nil` leaves bold as it is (spaces
  /// look the same either way).
  private mutating func select(font: Font, scale: Scale, bold: Bool?, underline: Bool, invert: Bool) {
    if font != self.font {
      command(Byte.escape, 0x4D, font == .a ? 0 : 1)
      self.font = font
    }
    if scale != self.scale {
      let width = UInt8(min(8, max(1, scale.width)) - 1)
      let height = UInt8(min(8, max(1, scale.height)) - 1)
      command(Byte.groupSeparator, 0x21, width << 4 | height)
      self.scale = scale
    }
    if let bold, bold != self.bold {
      command(Byte.escape, 0x45, bold ? 1 : 0)
      self.bold = bold
    }
    if underline != self.underline {
      command(Byte.escape, 0x2D, underline ? 1 : 0)
      self.underline = underline
    }
    if invert != self.invert {
      command(Byte.groupSeparator, 0x42, invert ? 1 : 0)
      self.invert = invert
    }
  }

  /// `GS L nL nH`: the left margin in dots (the motion unit `ESC @` leaves on these printers).
  private mutating func setMargin(_ dots: Int) {
    let clamped = min(dots, 0xFFFF)
    command(Byte.groupSeparator, 0x4C, UInt8(clamped & 0xFF), UInt8(clamped >> 8))
    margin = clamped
  }

  /// `ESC a n`, when it changes.
  private mutating func justify(_ alignment: Alignment) {
    guard alignment != justification else { return }
    command(Byte.escape, 0x61, alignment == .left ? 0 : alignment == .center ? 1 : 2)
    justification = alignment
  }

  /// A symbol the printer draws itself, when its profile says it can and it would draw what the
  /// layout measured, where the layout placed it; false when it must go as raster.
  private mutating func writeNatively(_ placed: SymbolBlock) -> Bool {
    placed.symbol.symbology == .qr ? writeQRCode(placed) : writeBarcode(placed)
  }

  /// A linear barcode by `GS k` function B (``NativeBarcode``): the same symbol characters as
  /// the layout's encoder chose, `GS w` its module (2–6 dots, what common printers take), `GS h`
  /// its height, the printer's own text off (`GS H 0`: the layout prints it as a line of its
  /// own). `ESC a` places it within the template's width where that puts it where the layout
  /// did; otherwise (the layout centres on the paper's width, the print area is the widest
  /// line's) it goes left-aligned with the left margin (`GS L`) moved by its `x` and put back.
  private mutating func writeBarcode(_ placed: SymbolBlock) -> Bool {
    let symbol = placed.symbol
    let area = narrowsArea ? templateDots : profile.dots - margin
    guard profile.symbols.barcodes, symbol.symbology.isLinear, (2...6).contains(symbol.module),
      (1...255).contains(symbol.height), placed.x >= 0, placed.x + symbol.width <= area,
      margin + placed.x + symbol.width <= profile.dots, let barcode = NativeBarcode(symbol)
    else { return false }
    let base = margin
    let aligned = printedLeft(of: symbol.width, placed.alignment, in: area) == placed.x
    select(font: font, scale: scale, bold: nil, underline: underline, invert: false)
    narrowArea()
    justify(aligned ? placed.alignment : .left)
    if !aligned { setMargin(base + placed.x) }
    if barcodeHeight != symbol.height {
      command(Byte.groupSeparator, 0x68, UInt8(symbol.height))
      barcodeHeight = symbol.height
    }
    if barcodeModule != symbol.module {
      command(Byte.groupSeparator, 0x77, UInt8(symbol.module))
      barcodeModule = symbol.module
    }
    if !barcodeTextOff {
      command(Byte.groupSeparator, 0x48, 0)
      barcodeTextOff = true
    }
    command(Byte.groupSeparator, 0x6B, barcode.function, UInt8(barcode.data.count))
    bytes += barcode.data
    if !aligned { setMargin(base) }
    return true
  }

  /// Where `ESC a` puts a symbol `width` dots wide in a print area `area` dots wide.
  private func printedLeft(of width: Int, _ alignment: Alignment, in area: Int) -> Int {
    switch alignment {
    case .left: 0
    case .center: (area - width) / 2
    case .right: area - width
    }
  }

  /// Whether symbols are placed in a print area as wide as the template (`GS W`) rather than
  /// the paper's.
  private var narrowsArea: Bool { templateDots > 0 && templateDots < profile.dots - margin }

  /// `GS W`: the print area as wide as the template, when it is narrower than the paper.
  private mutating func narrowArea() {
    if narrowsArea, areaWidth != templateDots {
      command(Byte.groupSeparator, 0x57, UInt8(templateDots & 0xFF), UInt8(templateDots >> 8))
      areaWidth = templateDots
    }
  }

  /// A QR code by the printer's own `GS ( k`, when the profile says it has one and the printer
  /// would draw what the layout measured: ASCII data (printers encode bytes, with no ECI for
  /// UTF-8, so a scanner might misread other text) and a module size the command takes. The
  /// printer places it with `ESC a` within a print area as wide as the template (`GS W`).
  private mutating func writeQRCode(_ placed: SymbolBlock) -> Bool {
    let symbol = placed.symbol
    let levels = ["L", "M", "Q", "H"]
    let level = levels.firstIndex(of: symbol.errorCorrection ?? "M")
    let data = Array(symbol.data.utf8)
    guard profile.symbols.qrCode, symbol.symbology == .qr, let level, (1...16).contains(symbol.module),
      !data.isEmpty, data.count <= 2_000, data.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
    else { return false }
    narrowArea()
    justify(placed.alignment)
    command(Byte.groupSeparator, 0x28, 0x6B, 4)
    command(0, 49, 65, 50)  // fn 165: model 2
    bytes.append(0)
    command(Byte.groupSeparator, 0x28, 0x6B, 3)
    command(0, 49, 67, UInt8(symbol.module))  // fn 167: module size
    command(Byte.groupSeparator, 0x28, 0x6B, 3)
    command(0, 49, 69, UInt8(48 + level))  // fn 169: error correction
    let stored = data.count + 3
    command(Byte.groupSeparator, 0x28, 0x6B, UInt8(stored & 0xFF))
    command(UInt8(stored >> 8), 49, 80, 48)  // fn 180: store the data
    bytes += data
    command(Byte.groupSeparator, 0x28, 0x6B, 3)
    command(0, 49, 81, 48)  // fn 181: print it
    return true
  }

  /// An image, shifted right by its `x` within the template's width, in the first image
  /// command the printer has: `GS v 0` raster bands, `GS ( L` graphics, or `ESC *` columns.
  private mutating func write(_ image: ImageBlock) {
    select(font: .a, scale: .normal, bold: false, underline: false, invert: false)
    justify(.left)
    let images = profile.images
    guard images.raster || images.graphics || images.column else {
      pending.append(.warning(.imageNotPrintable(image.name, printer: profile.id, at: image.source)))
      return
    }
    let widthBytes = (image.x + image.bitmap.width + 7) / 8
    let rows = ShiftedRows(bitmap: image.bitmap, x: image.x, widthBytes: widthBytes)
    if images.column && !images.raster && !images.graphics {
      writeColumns(rows)
      return
    }
    var top = 0
    while top < image.bitmap.height {
      // The profile's band height; `GS ( L` takes at most 65 535 bytes at a time.
      let height = min(profile.images.bandRows, image.bitmap.height - top, 65_525 / max(1, widthBytes))
      if images.raster {
        command(Byte.groupSeparator, 0x76, 0x30, 0)
        command(UInt8(widthBytes & 0xFF), UInt8(widthBytes >> 8), UInt8(height & 0xFF), UInt8(height >> 8))
      } else {
        // GS ( L fn 112: store one-tone graphics (a 48, bx by 1, c 49), then fn 50: print them.
        let size = 10 + widthBytes * height
        command(Byte.groupSeparator, 0x28, 0x4C, UInt8(size & 0xFF))
        command(UInt8(size >> 8), 48, 112, 48)
        command(1, 1, 49, UInt8((widthBytes * 8) & 0xFF))
        command(UInt8((widthBytes * 8) >> 8), UInt8(height & 0xFF), UInt8(height >> 8))
      }
      for y in top..<top + height { rows.append(row: y, to: &bytes) }
      if !images.raster {
        command(Byte.groupSeparator, 0x28, 0x4C, 2)
        command(0, 48, 50)
      }
      top += height
    }
  }

  /// `ESC *` 24-dot double-density columns, a line of 24 rows at a time, with the line spacing
  /// at 24 dots so the lines meet (left at the default, they leave gaps) and restored after.
  private mutating func writeColumns(_ rows: ShiftedRows) {
    let width = rows.widthBytes * 8
    command(Byte.escape, 0x33, 24)
    var top = 0
    while top < rows.bitmap.height {
      command(Byte.escape, 0x2A, 33, UInt8(width & 0xFF))
      bytes.append(UInt8(width >> 8))
      for column in 0..<width {
        for slice in 0..<3 {
          var byte: UInt8 = 0
          for bit in 0..<8 where rows.ink(column, top + slice * 8 + bit) {
            byte |= 0x80 >> UInt8(bit)
          }
          bytes.append(byte)
        }
      }
      bytes.append(Byte.lineFeed)
      top += 24
    }
    command(Byte.escape, 0x32)
  }

  /// Appends a command's bytes; variadic-free, so nothing is allocated for them.
  @inline(__always)
  private mutating func command(_ a: UInt8, _ b: UInt8, _ c: UInt8? = nil, _ d: UInt8? = nil) {
    bytes.append(a)
    bytes.append(b)
    if let c { bytes.append(c) }
    if let d { bytes.append(d) }
  }

  private mutating func spaces(_ count: Int) {
    var left = count
    while left > 0 {
      let chunk = min(left, Self.spaceRun.count)
      bytes += Self.spaceRun[..<chunk]
      left -= chunk
    }
  }

  /// Spaces to copy from: appending a slice is one copy, appending repeated elements is a loop.
  private static let spaceRun = [UInt8](repeating: 0x20, count: 128)

  // MARK: Text

  /// Appends `text` in the profile's code pages and returns how many cells it took.
  ///
  /// One scalar a cell when every scalar is printable ASCII or in some page: the usual case, even
  /// for accented text, decoded straight from the UTF-8. Anything else (controls, characters no
  /// page has, invisible ones) undoes that and takes the careful path.
  private mutating func encode(_ text: String, source: SourceSpan?) -> Int {
    let start = bytes.count
    let startPage = page
    // The string's bytes where they are: `withUTF8` needs a mutable copy, a retain and release
    // per run. A string without contiguous bytes (none on Linux) takes the careful path.
    if let cells = text.utf8.withContiguousStorageIfAvailable({ encodeSimple($0) }) ?? nil { return cells }
    bytes.removeSubrange(start...)
    page = startPage
    return encodeByCharacter(text, source: source)
  }

  /// The fast path over valid UTF-8 (a String's always is): printable ASCII is copied in runs,
  /// since it is the same bytes on every page; nil as soon as a scalar needs care.
  private mutating func encodeSimple(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    var runStart = 0
    var continuationBytes = 0
    while index < utf8.count {
      let lead = utf8[index]
      if lead < 0x80 {
        guard lead >= 0x20 && lead != 0x7F else { return nil }
        index += 1
        continue
      }
      if runStart < index {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      }
      var value: UInt32
      var length: Int
      if lead < 0xE0 {
        value = UInt32(lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F)
        length = 2
      } else if lead < 0xF0 {
        value =
          UInt32(lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F)
        length = 3
      } else {
        value = UInt32(lead & 0x07) << 18 | UInt32(utf8[index + 1] & 0x3F) << 12
        value |= UInt32(utf8[index + 2] & 0x3F) << 6 | UInt32(utf8[index + 3] & 0x3F)
        length = 4
      }
      // C1 controls are in no page; the soft hyphen is, but takes no column.
      let pages = encoder.pagesHaving(value)
      guard pages != 0, value != 0xAD else { return nil }
      if let page, pages & (1 << UInt64(page)) != 0 {
        bytes.append(encoder.byte(of: value, inPage: page))
      } else {
        let rest = String(decoding: UnsafeBufferPointer(rebasing: utf8[index...]), as: UTF8.self)
        switchPage(to: choosePage(pages, rest: rest.unicodeScalars))
        bytes.append(encoder.byte(of: value, inPage: page ?? 0))
      }
      index += length
      runStart = index
      continuationBytes += length - 1
    }
    if runStart < index {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
    }
    return utf8.count - continuationBytes
  }

  /// The careful path, a grapheme cluster at a time: drops controls (with a warning) and
  /// zero-width format characters, encodes decomposed clusters by their composed form, and prints
  /// `?` for what no page has, padded to the columns the layout gave the cluster.
  private mutating func encodeByCharacter(_ text: String, source: SourceSpan?) -> Int {
    var cells = 0
    var controls = 0
    var missing: [String] = []
    var seen: Set<String> = []
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      var kept: [Unicode.Scalar] = []
      for scalar in text.unicodeScalars[index..<next] {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) {
          controls += 1
        } else if !Self.takesNoRoom(scalar) {
          kept.append(scalar)
        }
      }
      defer { index = next }
      guard let first = kept.first else { continue }
      let rest = text.unicodeScalars[index...]
      if kept.count == 1, first.value < 0x7F {
        bytes.append(UInt8(first.value))
        cells += 1
        continue
      }
      let single = kept.count == 1 ? first.value : encoder.composedScalar(of: kept)
      if let single, encoder.pagesHaving(single) != 0 {
        put(single, pages: encoder.pagesHaving(single), rest: rest)
        cells += 1
        continue
      }
      let cluster = String(String.UnicodeScalarView(kept))
      if seen.insert(cluster).inserted { missing.append(cluster) }
      // The columns the layout gave this cluster, so what follows stays in place.
      let width = max(1, TextColumns.columns(of: cluster))
      bytes.append(0x3F)  // '?'
      spaces(width - 1)
      cells += width
    }
    if controls > 0 {
      pending.append(.warning(.controlCharactersRemoved(controls, at: source)))
    }
    if !missing.isEmpty { noteMissing(missing, at: source) }
    return cells
  }

  /// Soft hyphens, format characters (zero-width joiners and spaces, byte-order marks) and
  /// variation selectors: nothing to print, and no column in the layout.
  private static func takesNoRoom(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value == 0xAD || (0xFE00...0xFE0F).contains(value) { return true }
    return value >= 0x300 && scalar.properties.generalCategory == .format
  }

  /// Writes a scalar some page has, switching page (`ESC t n`) when the current one lacks it.
  private mutating func put(_ value: UInt32, pages: UInt64, rest: Substring.UnicodeScalarView) {
    if let page, pages & (1 << UInt64(page)) != 0 {
      bytes.append(encoder.byte(of: value, inPage: page))
      return
    }
    switchPage(to: choosePage(pages, rest: rest))
    bytes.append(encoder.byte(of: value, inPage: page ?? 0))
  }

  /// `ESC t n`: page `index` of the encoder's pages.
  private mutating func switchPage(to index: Int) {
    command(Byte.escape, 0x74, encoder.pages[index].number)
    page = index
  }

  /// Among `candidates`, the page that prints the longest stretch of the text still to come
  /// (this text, then the following runs and blocks) without switching again; the lowest
  /// `ESC t` number on a tie.
  private func choosePage(_ candidates: UInt64, rest: some Sequence<Unicode.Scalar>) -> Int {
    var remaining = candidates
    var steps = 0
    /// Narrows by one text; false when the look-ahead is over.
    func narrow(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
      for scalar in scalars where scalar.value >= 0x80 {
        let having = encoder.pagesHaving(scalar.value)
        if having == 0 { continue }  // printed as '?' on any page
        let narrowed = remaining & having
        if narrowed == 0 { return false }
        remaining = narrowed
        steps += 1
        if steps >= 64 || remaining & (remaining - 1) == 0 { return false }
      }
      return true
    }
    var going = narrow(rest)
    var texts = 0
    var block = blockIndex
    var run = runIndex + 1
    while going, block < blocks.count, texts < 256 {
      switch blocks[block] {
      case .text(let line) where run < line.runs.count:
        going = narrow(line.runs[run].text.unicodeScalars)
        run += 1
        texts += 1
        continue
      case .rule(let rule) where block > blockIndex:
        going = narrow(rule.character.unicodeScalars)
        texts += 1
      default:
        break
      }
      block += 1
      run = 0
    }
    return remaining.trailingZeroBitCount
  }

  // MARK: Warnings

  private mutating func noteMissing(_ characters: [String], at source: SourceSpan?) {
    // A loop prints the same template text many times: one warning per place.
    for (index, entry) in pending.enumerated() {
      if case .missing(let place, var known) = entry, place == source {
        for character in characters where !known.contains(character) { known.append(character) }
        pending[index] = .missing(source: place, characters: known)
        return
      }
    }
    pending.append(.missing(source: source, characters: characters))
  }

  private mutating func finishWarnings() {
    for entry in pending {
      switch entry {
      case .warning(let warning):
        if !warnings.contains(warning) { warnings.append(warning) }
      case .missing(let source, let characters):
        warnings.append(.charactersWithoutCodePage(characters, printer: profile.id, at: source))
      }
    }
    pending = []
  }
}

/// A bitmap's rows shifted right by `x` dots and padded to `widthBytes`, as image commands take
/// them (1 = ink, most significant bit first).
private struct ShiftedRows {
  let bitmap: Bitmap
  let x: Int
  let widthBytes: Int

  /// Appends row `y`: whole bytes are copied, a shift that is not a multiple of 8 carries bits
  /// from one byte into the next.
  func append(row y: Int, to out: inout [UInt8]) {
    let source = bitmap.bits[(y * bitmap.bytesPerRow)..<((y + 1) * bitmap.bytesPerRow)]
    let skip = x / 8
    let shift = x % 8
    out += repeatElement(0, count: skip)
    var written = skip
    if shift == 0 {
      out += source
      written += source.count
    } else {
      var carry: UInt8 = 0
      for byte in source {
        out.append(carry | byte >> UInt8(shift))
        carry = byte << UInt8(8 - shift)
        written += 1
      }
      if written < widthBytes {
        out.append(carry)
        written += 1
      }
    }
    // Padding bits of the last source byte are blank, so nothing beyond the width is inked.
    out += repeatElement(0, count: max(0, widthBytes - written))
  }

  /// Whether dot (`column`, `row`) of the shifted picture is inked.
  func ink(_ column: Int, _ row: Int) -> Bool {
    let sourceColumn = column - x
    guard sourceColumn >= 0, sourceColumn < bitmap.width, row < bitmap.height else { return false }
    return bitmap[sourceColumn, row]
  }
}
