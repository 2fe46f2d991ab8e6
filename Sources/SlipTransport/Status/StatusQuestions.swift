/// The questions that ask a printer how it is, and how to read its answers.
///
/// ESC/POS (Epson's reference, which clones follow): `DLE EOT n` is answered at once, even
/// with a job still in the buffer, by one byte of the form `0xx1xx10`; `GS r 1` is answered in
/// turn after what came before it, by one byte with bit 4 clear. Zebra's `~HS` is answered by
/// three `STX … ETX CR LF` lines of comma-separated flags.
struct StatusQuestion {
  /// `DLE EOT 1`, `GS r 1`, `~HS`.
  var name: String
  /// The bytes sent.
  var bytes: [UInt8]
  /// Whether what came back so far holds a whole answer.
  var complete: ([UInt8]) -> Bool
  /// What the whole answer says, or nil when it is not an answer to this question.
  var decode: ([UInt8]) -> Decoded?

  /// A decoded answer.
  struct Decoded: Equatable {
    var conditions: [StatusCondition] = []
    var details: [PrinterStatus.Detail] = []
  }
}

/// The questions per language, in the order asked.
enum StatusQuestions {
  /// Without answers to these, no verdict but "unknown".
  static func essential(_ language: PrinterLanguage) -> [String] {
    switch language {
    case .escpos: ["DLE EOT 1", "DLE EOT 2", "DLE EOT 3"]
    case .zpl: ["~HS"]
    }
  }

  /// Every question for `language`; the first one unanswered means the printer is not
  /// listening, and the rest are not asked.
  static func all(_ language: PrinterLanguage) -> [StatusQuestion] {
    switch language {
    case .escpos:
      [
        realTime(1, decode: printer), realTime(2, decode: offlineCause), realTime(3, decode: errorCause),
        realTime(4, decode: rollPaper), paperSensor,
      ]
    case .zpl: [hostStatus]
    }
  }

  // MARK: ESC/POS

  /// A `DLE EOT n` status byte: bits 0 and 7 clear, bits 1 and 4 set.
  static func isRealTimeStatus(_ byte: UInt8) -> Bool { byte & 0x93 == 0x12 }

  /// A `GS r` status byte: bits 4 and 7 clear (which no `DLE EOT` or automatic status has).
  static func isTransmitStatus(_ byte: UInt8) -> Bool { byte & 0x90 == 0 }

  private static func realTime(_ n: UInt8, decode: @escaping (UInt8) -> [StatusCondition]) -> StatusQuestion {
    StatusQuestion(
      name: "DLE EOT \(n)", bytes: [0x10, 0x04, n], complete: { $0.contains(where: isRealTimeStatus) },
      decode: { answer in
        answer.first(where: isRealTimeStatus).map { StatusQuestion.Decoded(conditions: decode($0)) }
      })
  }

  private static func bits(_ byte: UInt8, _ table: [(UInt8, StatusCondition)]) -> [StatusCondition] {
    table.filter { byte & $0.0 != 0 }.map(\.1)
  }

  /// `DLE EOT 1`, printer status.
  static func printer(_ byte: UInt8) -> [StatusCondition] {
    bits(byte, [(0x04, .drawerPinHigh), (0x08, .offline), (0x20, .waitingForRecovery), (0x40, .feedButton)])
  }

  /// `DLE EOT 2`, why it is offline. Bit 6 says an error occurred; `DLE EOT 3` says which.
  static func offlineCause(_ byte: UInt8) -> [StatusCondition] {
    bits(byte, [(0x04, .coverOpen), (0x08, .feeding), (0x20, .paperOut)])
  }

  /// `DLE EOT 3`, the error.
  static func errorCause(_ byte: UInt8) -> [StatusCondition] {
    bits(
      byte,
      [
        (0x04, .mechanicalError), (0x08, .cutterError), (0x20, .unrecoverableError),
        (0x40, .autoRecoverableError),
      ])
  }

  /// `DLE EOT 4`, the roll paper sensors: near end in bits 2–3, end in bits 5–6.
  static func rollPaper(_ byte: UInt8) -> [StatusCondition] {
    bits(byte, [(0x0C, .paperNearEnd), (0x60, .paperOut)])
  }

  /// `GS r 1`, the paper sensors again, answered only once what came before was processed.
  static var paperSensor: StatusQuestion {
    StatusQuestion(
      name: "GS r 1", bytes: [0x1D, 0x72, 0x01], complete: { $0.contains(where: isTransmitStatus) },
      decode: { answer in
        answer.first(where: isTransmitStatus).map { byte in
          StatusQuestion.Decoded(conditions: bits(byte, [(0x03, .paperNearEnd), (0x0C, .paperOut)]))
        }
      })
  }

  // MARK: ZPL

  /// `~HS`, Host Status Return: three lines between STX (02) and ETX (03).
  static var hostStatus: StatusQuestion {
    StatusQuestion(
      name: "~HS", bytes: Array("~HS".utf8), complete: { answer in answer.filter { $0 == 0x03 }.count >= 3 },
      decode: decodeHostStatus)
  }

  /// The lines of a `~HS` answer, each split at commas.
  static func hostStatusLines(_ answer: [UInt8]) -> [[String]] {
    var lines: [[String]] = []
    var current: [UInt8]?
    for byte in answer {
      switch byte {
      case 0x02: current = []
      case 0x03:
        if let line = current {
          lines.append(
            String(decoding: line, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false).map(
              String.init))
        }
        current = nil
      default: current?.append(byte)
      }
    }
    return lines
  }

  /// Line 1: `aaa,b,c,dddd,eee,f,g,h,iii,j,k,l` (interface, paper out, pause, label length,
  /// formats in the buffer, buffer full, diagnostics, partial format, unused, corrupt RAM,
  /// under and over temperature); line 2: `mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www` (settings,
  /// unused, head up, ribbon out, thermal transfer, print mode, width mode, label waiting,
  /// labels remaining, format while printing, graphics stored).
  static func decodeHostStatus(_ answer: [UInt8]) -> StatusQuestion.Decoded? {
    let lines = hostStatusLines(answer)
    guard lines.count >= 2, lines[0].count >= 12, lines[1].count >= 11 else { return nil }
    let first = lines[0]
    let second = lines[1]
    func flag(_ field: String) -> Bool { field.trimmingSpaces == "1" }
    var decoded = StatusQuestion.Decoded()
    let table: [(Bool, StatusCondition)] = [
      (flag(first[1]), .paperOut), (flag(second[2]), .headUp), (flag(second[3]), .ribbonOut),
      (flag(first[9]), .corruptMemory), (flag(first[11]), .overTemperature),
      (flag(first[10]), .underTemperature),
      (flag(first[5]), .bufferFull), (flag(first[2]), .paused), (flag(first[7]), .partialFormat),
      (flag(second[7]), .labelWaiting),
    ]
    decoded.conditions = table.filter(\.0).map(\.1)
    let modes = [
      "0": "rewind", "1": "peel-off", "2": "tear-off", "3": "cutter", "4": "applicator", "5": "delayed cut",
      "6": "linerless peel", "7": "linerless rewind", "8": "partial cutter", "9": "RFID", "K": "kiosk",
    ]
    let mode = second[5].trimmingSpaces
    decoded.details = [
      PrinterStatus.Detail(label: "print mode", value: modes[mode] ?? mode),
      PrinterStatus.Detail(label: "label length", value: "\(Int(first[3].trimmingSpaces) ?? 0) dots"),
      PrinterStatus.Detail(label: "formats in the buffer", value: String(Int(first[4].trimmingSpaces) ?? 0)),
      PrinterStatus.Detail(label: "labels remaining", value: String(Int(second[8].trimmingSpaces) ?? 0)),
    ]
    return decoded
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

/// Asks a printer how it is over an open link, question by question.
public struct StatusCheck: Sendable {
  /// The language to ask in.
  public var language: PrinterLanguage
  /// The longest to wait for each answer.
  public var timeout: Duration

  /// A check in `language`, waiting at most `timeout` per question.
  public init(language: PrinterLanguage, timeout: Duration = .seconds(2)) {
    self.language = language
    self.timeout = timeout
  }

  /// Asks every question (stopping at the first one without an answer: the printer is not
  /// listening) and adds up the answers. Throws only when the link itself fails.
  public func run(on link: any PrinterLink) throws(TransportError) -> PrinterStatus {
    var status = PrinterStatus(language: language)
    if let silence = link.silence {
      status.silence = silence
      return status
    }
    for question in StatusQuestions.all(language) {
      let answer = try link.ask(question.bytes, timeout: timeout, complete: question.complete)
      let decoded = question.complete(answer) ? question.decode(answer) : nil
      status.exchanges.append(
        PrinterStatus.Exchange(
          question: question.name, answer: answer.isEmpty ? nil : answer, understood: decoded != nil))
      guard let decoded else { break }
      for condition in decoded.conditions where !status.conditions.contains(condition) {
        status.conditions.append(condition)
      }
      status.details += decoded.details
    }
    // Worst first, in the catalog's order; a bare "offline" says nothing once a cause is known.
    status.conditions.sort { lhs, rhs in
      StatusCondition.allCases.firstIndex(of: lhs)! < StatusCondition.allCases.firstIndex(of: rhs)!
    }
    if status.conditions.contains(where: {
      $0.severity == .error && $0 != .offline && $0 != .waitingForRecovery
    }) {
      status.conditions.removeAll { $0 == .offline || $0 == .waitingForRecovery }
    }
    // The near-end sensor is past the paper too once it is out.
    if status.conditions.contains(.paperOut) { status.conditions.removeAll { $0 == .paperNearEnd } }
    return status
  }
}
