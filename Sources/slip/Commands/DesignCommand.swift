import SlipServe

/// `slip design FILE.slip [--data FILE.json]`: the live designer; SlipServe's `DesignSession` works.
struct DesignCommand {
  static let usage = """
    USAGE: slip design FILE.slip [--data FILE.json]

    Serves the live designer (docs/DESIGNER.md) for FILE.slip on a free loopback port, its
    address (http://127.0.0.1:PORT/) the first line printed; saves only into its folder.
    EXIT CODES: 0 stopped (SIGTERM, Ctrl-C), 64 usage, 66 a missing file, 74 cannot listen

    """

  static let spec = Arguments.Spec(command: "design", valued: [["--data"]], flags: [["-h", "--help"]])

  let template: String
  let data: String?

  init(_ arguments: Arguments) throws(UsageError) {
    template = try arguments.single("template", missing: "missing the template to design")
    data = arguments.value("--data")
  }

  func run() throws(CommandFailure) -> ExitCode {
    ShutdownSignal.install()
    let session: DesignSession
    do throws(DesignSession.StartError) {
      session = try DesignSession(template: template, data: data, log: ServiceLog())
    } catch {
      throw CommandFailure(message: error.message, code: error.isMissingFile ? .missingInput : .ioError)
    }
    Console.out(session.url + "\n")
    _ = ShutdownSignal.wait()
    session.stop()
    return .ok
  }
}
