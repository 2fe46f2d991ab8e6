import Foundation
import SlipServe

/// `slip design FILE.slip [--data FILE.json]`: the designer page for one template (SlipServe's
/// `DesignSession` does the work).
struct DesignCommand {
  static let usage = """
    USAGE: slip design FILE.slip [--data FILE.json]

    Serves the live designer for FILE.slip on a free loopback port and prints its address
    (http://127.0.0.1:PORT/) as the first line; opens nothing. The page saves into the
    template's folder only. docs/DESIGNER.md has the page. SIGTERM or Ctrl-C stops it.

    EXIT CODES: 0 stopped, 64 usage, 66 a missing file, 74 cannot listen

    """

  static let spec = Arguments.Spec(command: "design", valued: [["--data"]], flags: [["-h", "--help"]])

  let template: String
  let data: String?

  init(_ arguments: Arguments) throws(UsageError) {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        message: "design takes one template, got \(arguments.positionals.count)", command: "design")
    }
    template = arguments.positionals[0]
    data = arguments.value("--data")
  }

  func run() throws(CommandFailure) -> ExitCode {
    ShutdownSignal.install()
    let log = ServiceLog()
    let session: DesignSession
    do throws(DesignSession.StartError) {
      session = try DesignSession(
        template: template, data: data,
        sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"],
        log: log)
    } catch {
      throw CommandFailure(message: error.message, code: error.isMissingFile ? .missingInput : .ioError)
    }
    Console.out(session.url + "\n")
    _ = ShutdownSignal.wait()
    session.stop()
    return .ok
  }
}
