import Foundation

/// Why a transport could not deliver a job, with how far it got.
public struct TransportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  public var reason: Reason
  /// The counts reached when it went wrong, once sending had begun.
  public var delivery: Delivery?

  /// An error; `delivery` when bytes had started to go out.
  public init(_ reason: Reason, delivery: Delivery? = nil) {
    self.reason = reason
    self.delivery = delivery
  }

  /// Whether no printer (or no Bluetooth, no CUPS) could be reached and nothing was sent, as
  /// opposed to a failure while talking to one: the CLI exits 69 for these, 74 for the rest.
  public var isUnavailable: Bool {
    switch reason {
    case .adapterOff, .bluetoothUnavailable, .busUnavailable, .connectFailed, .connectionRefused,
      .connectTimeout,
      .cupsUnavailable, .deviceUnavailable, .hostNotFound, .libraryMissing, .noAdapter, .notFound,
      .profileConnectFailed,
      .queueNotAccepting, .queueNotFound, .queueStopped, .unreachable:
      true
    default: false
    }
  }

  /// The message, lower case without a final period, then the delivery counts if any.
  public var description: String {
    var text = reason.message
    if let delivery {
      text += "\n  " + TransportMessages.counts(delivery)
    }
    return text
  }

  /// Every way a job can fail, on every route.
  public enum Reason: Sendable, Equatable {
    /// The adapter exists but is powered off.
    case adapterOff(String)
    /// No `org.bluez` on the bus: bluetoothd is not running.
    case bluetoothUnavailable
    /// BlueZ left the bus (or the bus went away) while the job was going out.
    case bluezGone
    /// The D-Bus system bus cannot be reached.
    case busUnavailable(String)
    /// A BlueZ call other than a write failed (discovery, StartNotify, a read).
    case callFailed(call: String, name: String, message: String)
    /// A characteristic the profile or family names is not on the printer.
    case characteristicMissing(uuid: String, printer: String)
    /// `Connect` failed.
    case connectFailed(printer: String, message: String)
    /// An established connection failed (reset, broken pipe).
    case connectionLost(printer: String, message: String)
    /// Nothing listens at the printer's address and port.
    case connectionRefused(printer: String)
    /// The printer did not accept a connection in time.
    case connectTimeout(printer: String, seconds: Double)
    /// A CUPS request failed after the job was created.
    case cupsFailed(call: String, message: String)
    /// The CUPS scheduler cannot be reached.
    case cupsUnavailable(server: String, message: String)
    /// A device or file cannot be opened (missing, no permission, printer off).
    case deviceUnavailable(path: String, message: String)
    /// Writing to a device or file failed.
    case fileWriteFailed(path: String, message: String)
    /// The printer's host name does not resolve.
    case hostNotFound(host: String, message: String)
    /// CUPS ended the job without completing it (aborted, canceled, stopped).
    case jobEnded(job: Int, queue: String, state: String, reasons: [String], message: String?)
    /// CUPS had not completed the job when the wait ran out; the job stays queued.
    case jobNotDone(job: Int, queue: String, state: String, seconds: Double)
    /// A shared library the route needs (libcups, libdbus) cannot be loaded: why, and the
    /// Debian package that has it.
    case libraryMissing(message: String, package: String)
    /// The link went down.
    case linkDropped(printer: String)
    /// No Bluetooth adapter.
    case noAdapter
    /// The printer has no characteristic that takes writes.
    case noWritableCharacteristic(printer: String, seen: [String])
    /// Nothing matching the target answered in time; `seen` lists what did.
    case notFound(target: String, seconds: Double, seen: [BLEDevice])
    /// A pause notification held the sender longer than allowed.
    case pausedTooLong(seconds: Double)
    /// The printer closed its end of the stream before the job ended.
    case printerClosed(printer: String)
    /// BlueZ could not connect the Serial Port Profile.
    case profileConnectFailed(printer: String, message: String)
    /// The CUPS queue refuses new jobs.
    case queueNotAccepting(queue: String, reasons: [String])
    /// No CUPS queue has this name; `known` lists those that exist.
    case queueNotFound(queue: String, known: [String])
    /// The CUPS queue is stopped: a job would wait in it instead of printing.
    case queueStopped(queue: String, reasons: [String], message: String?)
    /// The printer reset the connection after the job instead of closing it.
    case resetAfterJob(printer: String)
    /// BlueZ (or the printer) did not answer in time.
    case timeout(what: String, seconds: Double)
    /// No route to the printer's network.
    case unreachable(printer: String, message: String)
    /// A write or read failed with BlueZ's error.
    case writeFailed(name: String, message: String)
    /// The characteristic does not take this kind of write.
    case writeTypeUnsupported(WriteType, uuid: String, flags: [String])
  }
}

/// The transport's messages, alphabetical by case; lower case, no final period.
enum TransportMessages {
  static func text(_ reason: TransportError.Reason) -> String {
    switch reason {
    case .adapterOff(let path):
      return "the Bluetooth adapter '\(path)' is powered off; turn it on ('bluetoothctl power on')"
    case .bluetoothUnavailable:
      return "BlueZ is not running: no 'org.bluez' on the system bus (start bluetoothd)"
    case .bluezGone:
      return "BlueZ left the system bus mid-job (bluetoothd stopped or crashed)"
    case .busUnavailable(let message):
      return "cannot reach the D-Bus system bus: \(message)"
    case .callFailed(let call, let name, let message):
      return "BlueZ's '\(call)' failed: \(name): \(message)"
    case .characteristicMissing(let uuid, let printer):
      return "'\(printer)' has no characteristic \(UUIDText.short(uuid))"
    case .connectFailed(let printer, let message):
      return "cannot connect to '\(printer)': \(message)"
    case .connectionLost(let printer, let message):
      return "the connection to '\(printer)' was lost: \(message)"
    case .connectionRefused(let printer):
      return "'\(printer)' refused the connection: nothing listens on that port"
    case .connectTimeout(let printer, let seconds):
      return "'\(printer)' did not accept a connection within \(format(seconds)) s"
    case .cupsFailed(let call, let message):
      return "CUPS's '\(call)' failed: \(message)"
    case .cupsUnavailable(let server, let message):
      return "cannot reach the CUPS scheduler at '\(server)': \(message)"
    case .deviceUnavailable(let path, let message):
      return "cannot open '\(path)': \(message)"
    case .fileWriteFailed(let path, let message):
      return "writing to '\(path)' failed: \(message)"
    case .hostNotFound(let host, let message):
      return "cannot find the printer's host '\(host)': \(message)"
    case .jobEnded(let job, let queue, let state, let reasons, let message):
      return "CUPS job \(job) on '\(queue)' ended '\(state)' instead of completing"
        + (message.map { ": \($0)" } ?? "") + reasonList(reasons)
    case .jobNotDone(let job, let queue, let state, let seconds):
      return "CUPS job \(job) on '\(queue)' was still '\(state)' after \(format(seconds)) s; it stays "
        + "queued and may print later ('cancel \(queue)-\(job)' removes it)"
    case .libraryMissing(let message, let package):
      return "\(message); Debian's '\(package)' has it"
    case .linkDropped(let printer):
      return "the link to '\(printer)' dropped"
    case .noAdapter:
      return "no Bluetooth adapter found"
    case .noWritableCharacteristic(let printer, let seen):
      let list = seen.isEmpty ? "none" : seen.joined(separator: ", ")
      return "'\(printer)' has no characteristic that takes writes; characteristics: \(list)"
    case .notFound(let target, let seconds, let seen):
      let list =
        seen.isEmpty
        ? "no BLE devices at all"
        : seen.map { device in
          "'\(device.displayName)' \(device.address) \(device.rssi.map { "\($0) dBm" } ?? "")"
        }
        .joined(separator: ", ")
      return "no printer matching '\(target)' found in \(format(seconds)) s; seen: \(list)"
    case .pausedTooLong(let seconds):
      return "the printer asked to pause and did not resume within \(format(seconds)) s"
    case .printerClosed(let printer):
      return "'\(printer)' closed the connection before the job ended"
    case .profileConnectFailed(let printer, let message):
      return "cannot connect the Serial Port Profile of '\(printer)': \(message)"
    case .queueNotAccepting(let queue, let reasons):
      return "the CUPS queue '\(queue)' is not accepting jobs" + reasonList(reasons)
        + " ('cupsaccept \(queue)' opens it)"
    case .queueNotFound(let queue, let known):
      let list = known.isEmpty ? "CUPS has no queues" : "its queues: " + known.joined(separator: ", ")
      return "no CUPS queue '\(queue)'; \(list)"
    case .queueStopped(let queue, let reasons, let message):
      return "the CUPS queue '\(queue)' is stopped" + (message.map { ": \($0)" } ?? "") + reasonList(reasons)
        + "; a job would wait instead of printing ('cupsenable \(queue)' starts it)"
    case .resetAfterJob(let printer):
      return
        "'\(printer)' reset the connection after the job instead of closing it: what it had acknowledged "
        + "but not yet read was thrown away, so the end of the job may be missing"
    case .timeout(let what, let seconds):
      return "\(what) did not happen within \(format(seconds)) s"
    case .unreachable(let printer, let message):
      return "'\(printer)' cannot be reached: \(message)"
    case .writeFailed(let name, let message):
      return "a write failed: \(name): \(message)"
    case .writeTypeUnsupported(let type, let uuid, let flags):
      return "characteristic \(UUIDText.short(uuid)) does not take '\(type.rawValue)' writes (its flags: "
        + "\(flags.joined(separator: ", ")))"
    }
  }

  /// What a busy stack's timeout waited for.
  static let busy = "the Bluetooth stack taking a write it called busy"

  /// Exactly how far a failed job got.
  static func counts(_ delivery: Delivery) -> String {
    let unsent = delivery.total - delivery.confirmed - delivery.queued - delivery.unanswered
    let unanswered =
      delivery.unanswered > 0
      ? "\(delivery.unanswered) sent without an answer (they may have arrived), " : ""
    let gap =
      delivery.gap ? "; some sent after bytes that were not, so it may print with a piece missing" : ""
    return "\(delivery.confirmed) of \(delivery.total) bytes confirmed by the printer, "
      + "\(delivery.queued) more queued but not confirmed, \(unanswered)\(unsent) not sent\(gap)"
  }

  /// The reason a link carries no answers from a BLE printer.
  static func noNotifyCharacteristic(_ printer: String) -> String {
    "'\(printer)' has no characteristic that notifies, so it cannot answer"
  }

  /// ` (reasons: media-empty, cover-open)`, or nothing for none.
  static func reasonList(_ reasons: [String]) -> String {
    let shown = reasons.filter { $0 != "none" }
    return shown.isEmpty ? "" : " (reasons: \(shown.joined(separator: ", ")))"
  }

  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
  }
}

extension TransportError {
  /// A schedule's failure, with the counts it reached; `what` names what an answer timeout
  /// waited for.
  init(_ failure: DeliveryFailure<Reason>, waitingFor what: String, delivery: Delivery) {
    let reason: Reason =
      switch failure {
      case .answerTimeout(let limit), .idle(let limit): .timeout(what: what, seconds: limit.seconds)
      case .busyTooLong(let limit): .timeout(what: TransportMessages.busy, seconds: limit.seconds)
      case .pausedTooLong(let limit): .pausedTooLong(seconds: limit.seconds)
      case .reported(let reason): reason
      }
    self.init(reason, delivery: delivery)
  }
}

extension TransportError.Reason {
  /// The message, from the catalog.
  public var message: String { TransportMessages.text(self) }
}
