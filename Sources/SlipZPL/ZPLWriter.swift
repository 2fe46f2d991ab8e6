import SlipIR

/// Turns laid-out documents into ZPL for Zebra printers.
///
/// A label is one `^XA…^XZ` block: job settings first, on their own line, then the page
/// (`^PW` width, `^LL` length, `^LH0,0` home, `^CI28` UTF-8), then one field per line. A
/// receipt prints on continuous media (`^MNN`), one block per cut, each as long as its content,
/// with its text in a fixed-pitch font so columns line up. Every piece of text goes through
/// `^FH` escaping: nothing from a document's data can become a command.
public struct ZPLWriter: Sendable {
  /// Copies, darkness, speed and media, written at the top of every label.
  public var settings: ZPLJobSettings
  /// Pictures already made into graphic fields, shared by every document this writer (and its
  /// copies) writes.
  let graphics: GraphicCache

  /// Draws label text in scripts that need shaping as pictures (nil: such text is sent as
  /// `^A0` text, which a Zebra prints unshaped or not at all).
  public var textPictures: (any TextPictures)?

  /// Deflates graphics into Z64 (nil: they go as `^GFA` hex).
  public var compressor: (any ZPLCompressor)? { graphics.compressor }

  /// A writer with `settings`; `textPictures` draws the label lines Zebra's fonts cannot shape,
  /// `compressor` deflates pictures.
  public init(
    settings: ZPLJobSettings = ZPLJobSettings(), textPictures: (any TextPictures)? = nil,
    compressor: (any ZPLCompressor)? = nil
  ) {
    self.settings = settings
    self.textPictures = textPictures
    self.graphics = GraphicCache(compressor: compressor)
  }

  /// The ZPL of one document: a label, or a receipt on continuous media.
  public func emit(_ document: Document) -> ZPLOutput {
    var bytes: [UInt8] = []
    let warnings = emit(document, to: &bytes)
    return ZPLOutput(bytes: bytes, warnings: warnings)
  }

  /// Appends the ZPL of `document` to `bytes` (a batch appends one document after another);
  /// returns what had to change.
  public func emit(_ document: Document, to bytes: inout [UInt8]) -> [ZPLWarning] {
    if let page = document.page {
      var fields = LabelFields(
        width: page.widthDots, height: page.heightDots, graphics: graphics, textPictures: textPictures)
      writeLabel(
        width: page.widthDots, length: page.heightDots, settings: settings,
        orientation: Self.orientation(page), to: &bytes
      ) { out in
        fields.write(page, to: &out)
      }
      return fields.warnings
    }
    var receipt = ReceiptFields(media: document.media, graphics: graphics, textPictures: textPictures)
    let pages = receipt.pages(document.blocks)
    var receiptSettings = settings
    receiptSettings.media = .continuous
    for page in pages {
      writeLabel(width: document.media.widthDots, length: page.length, settings: receiptSettings, to: &bytes)
      {
        out in
        for field in page.fields { field.write(to: &out) }
      }
    }
    return receipt.warnings
  }

  /// `^XA`, the job settings, the page, what `body` writes, `^XZ`.
  func writeLabel(
    width: Int, length: Int, settings: ZPLJobSettings, orientation: String = "", to out: inout [UInt8],
    body: (inout [UInt8]) -> Void
  ) {
    out.append(ascii: "^XA\n")
    settings.write(to: &out, lineBreak: true)
    out.append(ascii: "^PW")
    out.append(decimal: width)
    out.append(ascii: "^LL")
    out.append(decimal: length)
    out.append(ascii: "^LH0,0")
    out.append(contentsOf: orientation.utf8)
    out.append(ascii: "^CI28\n")
    body(&out)
    out.append(ascii: "^XZ\n")
  }
}

extension ZPLWriter {
  /// `^POI` for a label printed turned a half (`label … rotate=180`), else nothing: `^PON` is
  /// the printer's default and each label that needs the other says so.
  static func orientation(_ page: LabelPage) -> String {
    page.rotation == .upsideDown ? "^POI" : ""
  }
}

/// What ``ZPLWriter`` produced.
public struct ZPLOutput: Sendable, Equatable {
  /// The bytes to send to the printer.
  public var bytes: [UInt8]
  /// What had to change to print the documents, in document order.
  public var warnings: [ZPLWarning]

  /// An output.
  public init(bytes: [UInt8], warnings: [ZPLWarning]) {
    self.bytes = bytes
    self.warnings = warnings
  }
}

/// How the printer handles the job: settings that stay with the printer, so every label that
/// needs them says them again at the top of its own `^XA` block. Nil leaves the printer's own.
public struct ZPLJobSettings: Sendable, Equatable {
  /// What the printer feeds: labels with gaps between them, labels with black marks, or
  /// continuous paper.
  public enum Media: String, Sendable, Equatable, CaseIterable {
    /// Die-cut labels with a gap (or notch) between them: `^MNY`.
    case gap
    /// Labels marked by a black mark on the back: `^MNM`.
    case mark
    /// Continuous paper, each label as long as `^LL` says: `^MNN`.
    case continuous

    var command: String {
      switch self {
      case .gap: "^MNY"
      case .mark: "^MNM"
      case .continuous: "^MNN"
      }
    }
  }

  /// Copies of each label: `^PQ`.
  public var copies: Int?
  /// Darkness from 0 to 30: `~SD`.
  public var darkness: Int?
  /// Print speed in inches per second, 1 to 14: `^PR`.
  public var speed: Int?
  /// The media: `^MN`.
  public var media: Media?

  /// Settings; nil leaves each as the printer has it.
  public init(copies: Int? = nil, darkness: Int? = nil, speed: Int? = nil, media: Media? = nil) {
    self.copies = copies
    self.darkness = darkness
    self.speed = speed
    self.media = media
  }

  /// Whether any setting is given.
  public var isEmpty: Bool { copies == nil && darkness == nil && speed == nil && media == nil }

  /// The settings' commands, on a line of their own when `lineBreak`.
  func write(to out: inout [UInt8], lineBreak: Bool) {
    guard !isEmpty else { return }
    var line = media?.command ?? ""
    if let darkness { line += "~SD" + (darkness < 10 ? "0\(darkness)" : "\(darkness)") }
    if let speed { line += "^PR\(speed)" }
    if let copies { line += "^PQ\(copies)" }
    out.append(contentsOf: line.utf8)
    if lineBreak { out.append(0x0A) }
  }
}
