import SlipIR

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
  private let encoder: TextEncoder

  /// A writer for `profile`; building its code-page tables is the only setup cost.
  public init(profile: PrinterProfile) {
    self.profile = profile
    self.encoder = TextEncoder(profile.codePages)
  }

  /// The bytes of one receipt, and what had to change to print it.
  public func emit(_ document: Document) throws(ESCPOSError) -> ESCPOSOutput {
    try emit([document])
  }

  /// A batch: the receipts one after another, each starting with `ESC @`.
  public func emit(_ documents: [Document]) throws(ESCPOSError) -> ESCPOSOutput {
    var emitter = Emitter(profile: profile, encoder: encoder)
    for document in documents {
      try emitter.job(document)
    }
    return ESCPOSOutput(bytes: emitter.bytes, warnings: emitter.warnings)
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
