/// The command language a printer speaks, which decides how to ask it how it is.
public enum PrinterLanguage: String, Sendable, Equatable, CaseIterable {
  /// Epson's ESC/POS and its clones: `DLE EOT n` and `GS r n`.
  case escpos
  /// Zebra's ZPL: `~HS`.
  case zpl

  /// The language a job is written in: ZPL when its first command is `^` or `~` (after any
  /// white space), ESC/POS otherwise.
  public static func of(_ job: [UInt8]) -> PrinterLanguage {
    let first = job.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return first == UInt8(ascii: "^") || first == UInt8(ascii: "~") ? .zpl : .escpos
  }
}

/// One thing a printer reported about itself.
public enum StatusCondition: String, Sendable, Equatable, CaseIterable {
  // Errors, worst first: the printer cannot print.
  /// Out of paper (or labels).
  case paperOut = "paper out"
  /// The cover (or the print head) is open.
  case coverOpen = "cover open"
  /// The print head is up (Zebra).
  case headUp = "head up"
  /// Out of ribbon (Zebra, thermal transfer).
  case ribbonOut = "ribbon out"
  /// The autocutter jammed or failed.
  case cutterError = "cutter jammed"
  /// A mechanical error (carriage, paper path).
  case mechanicalError = "mechanical error"
  /// An error that needs the printer switched off and on.
  case unrecoverableError = "unrecoverable error"
  /// An error that clears by itself (the head cooling down).
  case autoRecoverableError = "auto-recoverable error (head too hot?)"
  /// Memory holding formats and graphics is corrupt (Zebra).
  case corruptMemory = "corrupt memory"
  /// The head is too hot (Zebra).
  case overTemperature = "head too hot"
  /// The head is too cold (Zebra).
  case underTemperature = "head too cold"
  /// The receive buffer is full (Zebra).
  case bufferFull = "receive buffer full"
  /// Paused by its button or a command.
  case paused = "paused"
  /// Offline, for another reason or one it did not say.
  case offline = "offline"
  /// Offline until the error is cleared.
  case waitingForRecovery = "waiting for online recovery"
  // Warnings: it prints, but look.
  /// The paper roll is nearly used up.
  case paperNearEnd = "paper near end"
  /// Paper is being fed by the feed button.
  case feeding = "paper being fed by the feed button"
  /// The feed button is held down.
  case feedButton = "feed button pressed"
  /// A format is only partly received (Zebra).
  case partialFormat = "a format only partly received"
  /// A label waits to be taken (Zebra, peel-off mode).
  case labelWaiting = "a label waits to be taken"
  // Information.
  /// The cash drawer connector's pin 3 is high (open or closed depends on the drawer).
  case drawerPinHigh = "drawer sensor (pin 3) high"

  /// How much it matters.
  public var severity: Severity {
    switch self {
    case .paperNearEnd, .feeding, .feedButton, .partialFormat, .labelWaiting: .warning
    case .drawerPinHigh: .information
    default: .error
    }
  }

  /// How much a condition matters.
  public enum Severity: Sendable, Equatable {
    /// The printer cannot print.
    case error
    /// It prints, but someone should look.
    case warning
    /// Neither good nor bad.
    case information
  }
}

/// What a printer said when asked how it is, and what it did not say.
public struct PrinterStatus: Sendable, Equatable {
  /// One question and what came back.
  public struct Exchange: Sendable, Equatable {
    /// The question, as a name: `DLE EOT 1`, `GS r 1`, `~HS`.
    public var question: String
    /// The answer's bytes; nil when nothing (complete) came in time.
    public var answer: [UInt8]?
    /// Whether the answer could be read.
    public var understood: Bool
  }

  /// The language asked in.
  public var language: PrinterLanguage
  /// What the printer reported, errors first.
  public var conditions: [StatusCondition] = []
  /// Every question, in the order asked.
  public var exchanges: [Exchange] = []
  /// Counts and modes a Zebra reports: labels remaining, formats in the buffer.
  public var details: [Detail] = []
  /// Why the printer cannot answer at all, when the link itself carries no answers.
  public var silence: String?

  /// A named value a printer reported.
  public struct Detail: Sendable, Equatable {
    /// Such as `labels remaining in the batch`.
    public var label: String
    /// Such as `3`.
    public var value: String
  }

  /// A status with nothing asked yet.
  public init(language: PrinterLanguage) {
    self.language = language
  }

  /// What the answers add up to.
  public enum Verdict: Sendable, Equatable {
    /// Every essential question answered, no error.
    case ready
    /// The printer reported an error: it cannot print.
    case problem
    /// Too little was answered to say; never to be taken as fine.
    case unknown
  }

  /// The verdict: errors win; without them, only a printer that answered every essential
  /// question is ready.
  public var verdict: Verdict {
    if conditions.contains(where: { $0.severity == .error }) { return .problem }
    let essential = StatusQuestions.essential(language)
    let understood = Set(exchanges.filter(\.understood).map(\.question))
    return silence == nil && essential.allSatisfy(understood.contains) ? .ready : .unknown
  }

  /// Questions without a usable answer.
  public var unanswered: [String] {
    exchanges.filter { !$0.understood }.map(\.question)
  }

  /// One line: `ready`, `ready; paper near end`, `paper out, cover open`, or
  /// `status unknown: …`.
  public var summary: String {
    let errors = conditions.filter { $0.severity == .error }.map(\.rawValue)
    let others = conditions.filter { $0.severity != .error }.map(\.rawValue)
    switch verdict {
    case .problem:
      return (errors + others).joined(separator: ", ")
    case .ready:
      return others.isEmpty ? "ready" : "ready; " + others.joined(separator: ", ")
    case .unknown:
      let known = others.isEmpty ? "" : " (it did say: \(others.joined(separator: ", ")))"
      return "status unknown: " + (silence ?? StatusMessages.unanswered(exchanges)) + known
    }
  }
}

/// The status check's messages, lower case, no final period.
enum StatusMessages {
  /// Which questions went unanswered, and how.
  static func unanswered(_ exchanges: [PrinterStatus.Exchange]) -> String {
    let missing = exchanges.filter { !$0.understood }
    guard !missing.isEmpty else { return "the printer was not asked" }
    return missing.map { exchange in
      guard let answer = exchange.answer, !answer.isEmpty else {
        return "no answer to '\(exchange.question)'"
      }
      return "an answer to '\(exchange.question)' that is not a status ("
        + answer.prefix(16).map { hex($0) }.joined(separator: " ") + ")"
    }
    .joined(separator: ", ")
  }

  static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
  }
}
