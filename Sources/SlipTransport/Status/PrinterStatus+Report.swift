import Foundation
import SlipSupport

extension PrinterStatus {
  /// `ESC/POS` or `ZPL`.
  static func name(_ language: PrinterLanguage) -> String {
    language == .escpos ? "ESC/POS" : "ZPL"
  }

  /// Each answer as hex (ESC/POS), or how many lines (`~HS`); `none` when nothing came.
  private static func answer(_ exchange: PrinterStatus.Exchange) -> String {
    guard let answer = exchange.answer else { return "none" }
    if exchange.question == "~HS", exchange.understood {
      return "\(answer.filter { $0 == 0x03 }.count) lines"
    }
    return answer.prefix(16).map { byte in
      let digits = Array("0123456789ABCDEF")
      return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
    .joined(separator: " ") + (exchange.understood ? "" : " (not a status)")
  }

  /// The status as `slip status` lists it: printer, language, summary, details, answers.
  public func listing(printer: String) -> String {
    let status = self
    var rows = [("printer", printer), ("language", Self.name(status.language)), ("status", status.summary)]
    rows += status.details.map { ($0.label, $0.value) }
    if !status.exchanges.isEmpty {
      rows.append(
        ("answers", status.exchanges.map { "\($0.question): \(Self.answer($0))" }.joined(separator: ", ")))
    }
    let width = rows.map(\.0.count).max()! + 3
    return rows.map { label, value in
      (label + ":").padding(toLength: width, withPad: " ", startingAt: 0) + value + "\n"
    }
    .joined()
  }

  /// The status as one JSON object (`slip status --json`).
  public func json(printer: String) -> String {
    let status = self
    let quoted = JSON.quoted
    let verdict =
      switch status.verdict {
      case .ready: "ready"
      case .problem: "problem"
      case .unknown: "unknown"
      }
    let conditions = status.conditions.map { condition in
      let severity =
        switch condition.severity {
        case .error: "error"
        case .warning: "warning"
        case .information: "information"
        }
      return "{\"id\": \(quoted(String(describing: condition))), \"text\": \(quoted(condition.rawValue)), "
        + "\"severity\": \(quoted(severity))}"
    }
    let details = status.details.map { "\(quoted($0.label)): \(quoted($0.value))" }
    let answers = status.exchanges.map { exchange in
      let hex = exchange.answer.map { bytes in
        quoted(bytes.map { byte in String(byte, radix: 16, uppercase: true).leftPadded(2) }.joined())
      }
      return "{\"question\": \(quoted(exchange.question)), \"answer\": \(hex ?? "null"), "
        + "\"understood\": \(exchange.understood)}"
    }
    return "{\"printer\": \(quoted(printer)), \"language\": \(quoted(status.language.rawValue)), "
      + "\"verdict\": \(quoted(verdict)), \"summary\": \(quoted(status.summary)), "
      + "\"conditions\": [\(conditions.joined(separator: ", "))], "
      + "\"details\": {\(details.joined(separator: ", "))}, \"answers\": [\(answers.joined(separator: ", "))], "
      + "\"silence\": \(status.silence.map(quoted) ?? "null")}\n"
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
