import Foundation
import SlipCore
import SlipKit
import SlipQueue

/// `slip serve` as one value: the job queue in the state folder, the service's routes on it,
/// and the HTTP server, started together and stopped in the order that loses nothing.
public final class RunningService: Sendable {
  /// The routes.
  public let service: SlipService
  /// The queue.
  public let queue: JobQueue
  /// The server.
  public let server: HTTPServer
  /// Jobs the queue found `sending` at start (the last process died mid-job), now `interrupted`.
  public let interrupted: [JobRecord]

  /// Why the service cannot start: a state folder the queue cannot use, an address it cannot
  /// listen on, a malformed `SOURCE_DATE_EPOCH`.
  public struct StartError: Error, Sendable {
    /// What is wrong.
    public var message: String
    /// Whether it is the environment's fault (a setting), rather than the machine's.
    public var isSetting: Bool
  }

  /// Opens the queue in `state`, starts its senders and listens on `address`, serving the
  /// designer (`assets`) at `/`, opened on `designer`.
  public init(
    configuration: ServeConfiguration, state: String, listen address: ListenAddress, token: String?,
    sourceDateEpoch: String?, log: ServiceLog, assets: StaticAssets = .designer,
    designer: DesignerSetup = DesignerSetup()
  ) throws(StartError) {
    var printers: [String: QueuePrinter] = [:]
    for printer in configuration.printers {
      printers[printer.id] = QueuePrinter(destination: printer.destination)
    }
    var options = QueueOptions()
    options.retries = configuration.retries
    do throws(QueueError) {
      queue = try JobQueue(directory: state, printers: printers, options: options) { event in
        Self.log(event, to: log)
      }
    } catch {
      throw StartError(message: "cannot use the state folder '\(state)': \(error)", isSetting: false)
    }
    do throws(InputError) {
      service = try SlipService(
        configuration: configuration, queue: queue, assets: assets, designer: designer, token: token,
        sourceDateEpoch: sourceDateEpoch, log: log)
    } catch {
      throw StartError(message: error.message, isSetting: true)
    }
    do throws(QueueError) {
      interrupted = try queue.start()
    } catch {
      throw StartError(message: "cannot start the job queue: \(error)", isSetting: false)
    }
    do throws(ListenAddressError) {
      server = try service.start(listen: address)
    } catch {
      queue.shutdown()
      throw StartError(message: error.message, isSetting: false)
    }
  }

  /// Stops: the queue first (each sender finishes the write it is in and commits its outcome;
  /// new jobs are refused with 503), then the event streams, then the server.
  public func stop() {
    queue.shutdown()
    service.streams.closeAll()
    server.stop()
  }

  /// Logs that the service is up (`listening on 127.0.0.1:8631, 3 printers, state in
  /// slip-state`, with the jobs found interrupted), serves until SIGTERM or SIGINT (after
  /// ``ShutdownSignal/install()``), then stops and logs each step; returns the signal's number.
  @discardableResult
  public func serveUntilSignalled(state: String, log: ServiceLog) -> Int32 {
    log.line(
      "listening on \(server.address), \(service.configuration.printers.count) printers, state in \(state)"
        + (interrupted.isEmpty ? "" : ", \(interrupted.count) jobs interrupted"))
    let number = ShutdownSignal.wait()
    log.line("stopping (signal \(number))")
    stop()
    log.line("stopped")
    return number
  }

  /// A queue event's log line, as SlipQueue words it: `job 17 (receipt 42) on 'bar': done, 1234
  /// of 1234 bytes confirmed`.
  static func log(_ event: QueueEvent, to log: ServiceLog) {
    log.line(event.description)
  }
}
