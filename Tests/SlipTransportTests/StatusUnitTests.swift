import Testing

@testable import SlipTransport

/// Destinations, and reading printers' status answers, without any printer: every bit of the
/// ESC/POS answers, Zebra's `~HS` lines, and the verdict rules (a printer that did not answer
/// is never fine).
@Suite struct StatusUnitTests {
  @Test func destinationsInEveryForm() throws {
    #expect(try Destination("ble:POS-5805DD") == .ble(.name("POS-5805DD")))
    #expect(try Destination("spp:00:11:22:33:44:55") == .spp(.address("00:11:22:33:44:55")))
    #expect(try Destination("tcp:192.168.1.50") == .tcp(host: "192.168.1.50", port: 9100))
    #expect(try Destination("tcp:printer.local:6101") == .tcp(host: "printer.local", port: 6101))
    #expect(try Destination("tcp:[fe80::1]:9100") == .tcp(host: "fe80::1", port: 9100))
    #expect(try Destination("tcp:fe80::1") == .tcp(host: "fe80::1", port: 9100))
    #expect(try Destination("cups:Receipts_58") == .cups(queue: "Receipts_58"))
    #expect(try Destination("file:/dev/usb/lp0") == .file(path: "/dev/usb/lp0"))
    #expect(try Destination("TCP:host").description == "tcp:host:9100")
    #expect(try Destination("spp:Printer-1").description == "spp:Printer-1")
  }

  @Test func destinationMistakesAreNamed() {
    func message(_ text: String) -> String? {
      do {
        _ = try Destination(text)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(message("tcp:host:99999") == "'99999' is not a port (1 to 65535)")
    #expect(message("tcp:") == "'tcp:' needs a host after it")
    #expect(message("cups:a/b") == "'a/b' is not a CUPS queue name (no '/', '#' or spaces)")
    #expect(
      message("usb:lp0")
        == "'usb:' is not a way to a printer; '--to' takes ble:ADDRESS|NAME, spp:ADDRESS|NAME, "
        + "tcp:HOST[:PORT], cups:QUEUE or file:PATH")
    #expect(message("lp0")?.hasPrefix("'lp0' is not a printer; '--to' takes ") == true)
  }

  @Test func theJobsLanguage() {
    #expect(PrinterLanguage.of(Array("^XA^FDHi^FS^XZ".utf8)) == .zpl)
    #expect(PrinterLanguage.of(Array("\r\n ~HS".utf8)) == .zpl)
    #expect(PrinterLanguage.of([0x1B, 0x40, 0x41]) == .escpos)
    #expect(PrinterLanguage.of([]) == .escpos)
  }

  @Test func realTimeStatusBytes() {
    // 0xx1xx10: only these are DLE EOT answers; XON, XOFF and GS r answers are not.
    #expect(StatusQuestions.isRealTimeStatus(0x12) && StatusQuestions.isRealTimeStatus(0x7E))
    #expect(!StatusQuestions.isRealTimeStatus(0x11) && !StatusQuestions.isRealTimeStatus(0x13))
    #expect(!StatusQuestions.isRealTimeStatus(0x00) && !StatusQuestions.isRealTimeStatus(0x92))
    #expect(StatusQuestions.isTransmitStatus(0x0F) && !StatusQuestions.isTransmitStatus(0x12))
  }

  @Test func everyBitOfTheESCPOSAnswers() {
    #expect(StatusQuestions.printer(0x12) == [])
    #expect(StatusQuestions.printer(0x7E) == [.drawerPinHigh, .offline, .waitingForRecovery, .feedButton])
    #expect(StatusQuestions.offlineCause(0x36) == [.coverOpen, .paperOut])
    #expect(StatusQuestions.offlineCause(0x1A) == [.feeding])
    #expect(
      StatusQuestions.errorCause(0x7E) == [
        .mechanicalError, .cutterError, .unrecoverableError, .autoRecoverableError,
      ])
    #expect(StatusQuestions.rollPaper(0x1E) == [.paperNearEnd])
    #expect(StatusQuestions.rollPaper(0x72) == [.paperOut])
    let sensor = StatusQuestions.paperSensor
    #expect(sensor.decode([0x13, 0x03]) == StatusQuestion.Decoded(conditions: [.paperNearEnd]))
    #expect(sensor.decode([0x0C]) == StatusQuestion.Decoded(conditions: [.paperOut]))
    #expect(sensor.decode([0x12]) == nil)
  }

  static let hostStatus: [UInt8] = Array(
    "\u{2}030,1,0,1245,002,0,0,0,000,0,0,0\u{3}\r\n\u{2}001,0,1,0,0,3,0,0,00000007,1,000\u{3}\r\n\u{2}1234,0\u{3}\r\n"
      .utf8)

  @Test func zebraHostStatus() throws {
    let question = StatusQuestions.hostStatus
    #expect(!question.complete(Array(Self.hostStatus.dropLast(5))))
    #expect(question.complete(Self.hostStatus))
    let decoded = try #require(question.decode(Self.hostStatus))
    #expect(decoded.conditions == [.paperOut, .headUp])
    #expect(
      decoded.details.map { "\($0.label)=\($0.value)" } == [
        "print mode=cutter", "label length=1245 dots", "formats in the buffer=2", "labels remaining=7",
      ])
    #expect(question.decode(Array("\u{2}030,0\u{3}".utf8)) == nil)
  }

  /// A link that answers each question from a table, or not at all.
  final class ScriptedLink: PrinterLink {
    let printer = "scripted"
    var silence: String?
    var answers: [String: [UInt8]]
    var asked: [[UInt8]] = []

    init(_ answers: [String: [UInt8]], silence: String? = nil) {
      self.answers = answers
      self.silence = silence
    }

    func send(_ bytes: [UInt8], progress: (Delivery) -> Void) throws(TransportError) -> Delivery {
      Delivery(printer: printer, total: bytes.count, route: .tcp)
    }

    func ask(_ query: [UInt8], timeout: Duration, complete: ([UInt8]) -> Bool) throws(TransportError)
      -> [UInt8]
    {
      asked.append(query)
      return answers[String(decoding: query, as: UTF8.self)] ?? []
    }

    func close() {}
  }

  static func dle(_ n: UInt8) -> String { String(decoding: [0x10, 0x04, n], as: UTF8.self) }

  @Test func allEssentialAnswersAndNoErrorIsReady() throws {
    let link = ScriptedLink([Self.dle(1): [0x12], Self.dle(2): [0x12], Self.dle(3): [0x12]])
    let status = try StatusCheck(language: .escpos).run(on: link)
    #expect(status.verdict == .ready)
    #expect(status.summary == "ready")
    // DLE EOT 4 went unanswered, so GS r 1 was not asked.
    #expect(link.asked.count == 4)
  }

  @Test func aSpecificCauseHidesTheBareOffline() throws {
    let link = ScriptedLink([
      Self.dle(1): [0x3A], Self.dle(2): [0x32], Self.dle(3): [0x12], Self.dle(4): [0x7E],
    ])
    let status = try StatusCheck(language: .escpos).run(on: link)
    #expect(status.verdict == .problem)
    #expect(status.conditions == [.paperOut])
    #expect(status.summary == "paper out")
  }

  @Test func partialAnswersAreUnknownUnlessTheyShowAnError() throws {
    let partial = try StatusCheck(language: .escpos).run(on: ScriptedLink([Self.dle(1): [0x12]]))
    #expect(partial.verdict == .unknown)
    #expect(partial.summary == "status unknown: no answer to 'DLE EOT 2'")
    let offline = try StatusCheck(language: .escpos).run(on: ScriptedLink([Self.dle(1): [0x1A]]))
    #expect(offline.verdict == .problem)
    #expect(offline.summary == "offline")
  }

  @Test func aLinkWithoutAnswersIsUnknownAndAsksNothing() throws {
    let link = ScriptedLink([:], silence: "a file carries no answers")
    let status = try StatusCheck(language: .zpl).run(on: link)
    #expect(status.verdict == .unknown)
    #expect(status.summary == "status unknown: a file carries no answers")
    #expect(link.asked.isEmpty)
  }
}
