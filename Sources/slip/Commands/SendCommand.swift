import Foundation
import SlipESCPOS
import SlipTransport

/// `slip send FILE|- --to ble:…|spp:…|tcp:…|cups:…|file:… [--printer PROFILE] [--check-status] …`.
struct SendCommand {
  static let usage = """
    USAGE: slip send FILE|- --to PRINTER [--printer ID|FILE] [--check-status]
                     [--language escpos|zpl] [--timeout S] [--quiet]
                     [--write request|command] [--rate BYTES/S] [--fast]
                     [--rssi-min N] [--rssi-max N]

    Sends the bytes of a rendered job ('slip render … -o job.bin') to a printer over
    Bluetooth LE, the Serial Port Profile, TCP, CUPS or a device file, and says exactly how
    many arrived.

    ARGUMENTS:
      FILE|-               the bytes to send; '-' reads standard input

    \(JobOptions.help)
    EXIT CODES:
      0 every byte confirmed (or, where nothing can confirm them, handed over), 64 usage,
      65 malformed profile, 66 missing file, 69 printer not found or not reachable, or it
      reports a problem before the job (nothing sent), 74 the link dropped, a write failed,
      the printer stopped answering or paused for good, BlueZ left the bus, or a network
      printer reset the connection (with the counts of confirmed, queued, unanswered and
      unsent bytes), or the printer reports a problem or does not answer after the job

    """

  static let spec = Arguments.Spec(
    command: "send", valued: JobOptions.valued, flags: JobOptions.flags + [["-h", "--help"]])

  let input: String
  let job: JobOptions

  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError) {
    input = try arguments.single("file", missing: "missing the file to send")
    job = try JobOptions(arguments, command: "send")
  }

  /// Reads the file and sends it.
  func run() throws(CommandFailure) -> ExitCode {
    let profile = try job.printer.map { name throws(CommandFailure) in try RenderSetup.profile(name) }
    let bytes = try Console.read(input, what: "file")
    return try job.send(bytes, profile: profile, language: job.language ?? PrinterLanguage.of(bytes))
  }
}
