import SlipIR
import SlipRaster

/// Turns laid-out documents into the ESC/POS bytes one printer model prints.
///
/// Every job starts with `ESC @`. Styles are a state machine that sends only changes and
/// returns what it changed to the defaults at the end of the job. Lines are placed exactly as
/// the IR places them, by padding with spaces (never `ESC $`), so the paper shows what
/// `--target text` shows; that is also why `ESC a` is never sent. Text goes through the
/// profile's code pages, and nothing from a document's text can become a command.
public struct ESCPOSWriter: Sendable {
  /// The printer written for.
  public let profile: PrinterProfile
  let encoder: TextEncoder
  /// Draws lines with characters no code page has, and whole receipts in raster mode; without
  /// one, such characters print as `?`.
  public let rasterizer: Rasterizer?
  /// Text or raster; a profile with `rasterReceipts` prints raster either way.
  public let mode: PrintMode

  /// A writer for `profile`; building its code-page tables is the only setup cost.
  public init(profile: PrinterProfile, rasterizer: Rasterizer? = nil, mode: PrintMode = .text) {
    self.profile = profile
    self.encoder = TextEncoder(profile.codePages)
    self.rasterizer = rasterizer
    self.mode = mode
  }

  /// The bytes of one receipt, and what had to change to print it.
  public func emit(_ document: Document) throws(ESCPOSError) -> ESCPOSOutput {
    try emit([document])
  }

  /// A batch: the receipts one after another, each starting with `ESC @`.
  public func emit(_ documents: [Document]) throws(ESCPOSError) -> ESCPOSOutput {
    var output = try printsAsRaster ? emitRaster(documents) : emitText(documents)
    if let warning = missingCutter(in: documents) { output.warnings.append(warning) }
    return output
  }

  private func emitText(_ documents: [Document]) throws(ESCPOSError) -> ESCPOSOutput {
    var emitter = Emitter(profile: profile, encoder: encoder)
    var warnings: [ESCPOSWarning] = []
    for document in documents {
      let images = try imageLines(for: document)
      warnings += images.warnings
      try emitter.job(document, imageLines: images.lines)
    }
    return ESCPOSOutput(bytes: emitter.bytes, warnings: emitter.warnings + warnings)
  }

  /// A named printer without a cutter feeds where the template cuts: said once, at the first
  /// `cut`. The generic profiles stand for a printer nobody named, whose cutter is unknown, so
  /// they feed without a word.
  func missingCutter(in documents: [Document]) -> ESCPOSWarning? {
    guard profile.cutter.kinds.isEmpty, !profile.isGeneric else { return nil }
    for document in documents {
      for case .cut(let cut) in document.blocks {
        return .cutterMissing(printer: profile.id, feedLines: profile.cutter.feedLines, at: cut.source)
      }
    }
    return nil
  }
}

/// What ``ESCPOSWriter`` produced.
public struct ESCPOSOutput: Sendable, Equatable {
  /// The bytes to send to the printer.
  public var bytes: [UInt8]
  /// What had to change to print the documents, in document order.
  public var warnings: [ESCPOSWarning]

  /// An output.
  public init(bytes: [UInt8], warnings: [ESCPOSWarning]) {
    self.bytes = bytes
    self.warnings = warnings
  }
}
