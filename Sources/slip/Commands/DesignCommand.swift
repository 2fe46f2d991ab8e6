import Foundation
import SlipServe

/// `slip design FILE.slip [--data FILE.json]`: the live designer for one template; SlipServe's
/// `DesignSession` does the work.
struct DesignCommand {
  static let usage = """
    USAGE: slip design FILE.slip [--data FILE.json]

    Serves the live designer for FILE.slip on a free loopback port and prints its address
    (http://127.0.0.1:PORT/) first; opens nothing. Saves only into the template's folder.
    docs/DESIGNER.md has the page. EXIT CODES: 0 stopped (SIGTERM, Ctrl-C), 64 usage,
    66 a missing file, 74 cannot listen

    """

  static let spec = Arguments.Spec(command: "design", valued: [["--data"]], flags: [["-h", "--help"]])

  let template: String
  let data: String?

  init(_ arguments: Arguments) throws(UsageError) {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        message: "design takes one template, got \(arguments.positionals.count)", command: "design")
    }
    (template, data) = (arguments.positionals[0], arguments.value("--data"))
  }

  func run() throws(CommandFailure) -> ExitCode {
    ShutdownSignal.install()
    let session: DesignSession
    do throws(DesignSession.StartError) {
      let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"]
      session = try DesignSession(template: template, data: data, sourceDateEpoch: epoch, log: ServiceLog())
    } catch {
      throw CommandFailure(message: error.message, code: error.isMissingFile ? .missingInput : .ioError)
    }
    Console.out(session.url + "\n")
    _ = ShutdownSignal.wait()
    session.stop()
    return .ok
  }
}
