import Foundation
import SlipCore
import SlipKit
import SlipServe

/// `slip serve [--listen HOST:PORT] [--config FILE] [--state DIR] [--token-file FILE]`.
struct ServeCommand {
  static let usage = """
    USAGE: slip serve [--listen 127.0.0.1:8631] [--config slip-serve.json] [--state DIR]
                      [--token-file FILE]

    Runs the print service: an HTTP/1.1 API that renders templates (POST /render), lists the
    printers (GET /printers) and queues jobs for them (POST /jobs). docs/SERVE.md has the API.
    Logs one line per request and per job state change on standard error; the first line on
    standard output is the address it listens on. SIGTERM or Ctrl-C stops it (exit 0).

    OPTIONS:
      --listen HOST:PORT   where to listen (default 127.0.0.1:8631; port 0 picks a free
                           one); anything but loopback needs --token-file
      --config FILE        the configuration (default: slip-serve.json): templates folder,
                           printers, retries, limits
      --state DIR          the job queue's folder (default: slip-state)
      --token-file FILE    a file holding the token (16 characters or more) every request
                           must send as 'Authorization: Bearer TOKEN'
      -h, --help           show this help

    EXIT CODES:
      0 stopped by SIGTERM or SIGINT, 64 usage or a configuration error, 66 a missing
      file, 74 cannot listen

    """

  static let spec = Arguments.Spec(
    command: "serve", valued: [["--listen"], ["--config"], ["--state"], ["--token-file"]],
    flags: [["-h", "--help"]])

  let address: ListenAddress
  let config: String
  let state: String
  let tokenFile: String?

  /// Validates the command line: an address, and a token for anything but loopback.
  init(_ arguments: Arguments) throws(UsageError) {
    try arguments.noPositionals()
    do throws(ListenAddressError) {
      address =
        try arguments.value("--listen").map { text throws(ListenAddressError) in try ListenAddress(text) }
        ?? .standard
    } catch {
      throw UsageError(message: "invalid '--listen': \(error.message)", command: "serve")
    }
    config = arguments.value("--config") ?? "slip-serve.json"
    state = arguments.value("--state") ?? "slip-state"
    tokenFile = arguments.value("--token-file")
    guard address.isLoopback || tokenFile != nil else {
      throw UsageError(
        message:
          "listening on \(address) lets other machines in: give '--token-file FILE' (or listen on 127.0.0.1)",
        command: "serve")
    }
  }

  /// Serves until SIGTERM or SIGINT.
  func run() throws(CommandFailure) -> ExitCode {
    let configuration: ServeConfiguration
    do throws(DiagnosticsError) {
      configuration = try ServeConfiguration.load(config)
    } catch {
      DiagnosticPrinter().print(error.diagnostics, sources: error.sources)
      return ExitCode.forDiagnostics(error.diagnostics)
    }
    let token = try tokenFile.map { path throws(CommandFailure) in
      do throws(InputError) { return try ServiceToken.read(path) } catch { throw CommandFailure(error) }
    }
    ShutdownSignal.install()
    let log = ServiceLog()
    let running: RunningService
    do throws(RunningService.StartError) {
      running = try RunningService(
        configuration: configuration, state: state, listen: address, token: token,
        sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], log: log)
    } catch {
      throw CommandFailure(message: error.message, code: error.isSetting ? .usage : .ioError)
    }
    Console.out("slip serve: listening on http://\(running.server.address)/\n")
    running.serveUntilSignalled(state: state, log: log)
    return .ok
  }
}
