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

  /// Whether no printer (or no Bluetooth at all) could be reached, as opposed to a failure
  /// while talking to one: the CLI exits 69 for these, 74 for the rest.
  public var isUnavailable: Bool {
    switch reason {
    case .adapterOff, .bluetoothUnavailable, .busUnavailable, .noAdapter, .notFound: true
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

  /// Every way a BLE job can fail.
  public enum Reason: Sendable, Equatable {
    /// The adapter exists but is powered off.
    case adapterOff(String)
    /// No `org.bluez` on the bus: bluetoothd is not running.
    case bluetoothUnavailable
    /// The D-Bus system bus cannot be reached.
    case busUnavailable(String)
    /// A BlueZ call other than a write failed (discovery, StartNotify, a read).
    case callFailed(call: String, name: String, message: String)
    /// A characteristic the profile or family names is not on the printer.
    case characteristicMissing(uuid: String, printer: String)
    /// `Connect` failed.
    case connectFailed(printer: String, message: String)
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
    /// BlueZ (or the printer) did not answer in time.
    case timeout(what: String, seconds: Double)
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
    case .busUnavailable(let message):
      return "cannot reach the D-Bus system bus: \(message)"
    case .callFailed(let call, let name, let message):
      return "BlueZ's '\(call)' failed: \(name): \(message)"
    case .characteristicMissing(let uuid, let printer):
      return "'\(printer)' has no characteristic \(UUIDText.short(uuid))"
    case .connectFailed(let printer, let message):
      return "cannot connect to '\(printer)': \(message)"
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
    case .timeout(let what, let seconds):
      return "\(what) did not happen within \(format(seconds)) s"
    case .writeFailed(let name, let message):
      return "a write failed: \(name): \(message)"
    case .writeTypeUnsupported(let type, let uuid, let flags):
      return "characteristic \(UUIDText.short(uuid)) does not take '\(type.rawValue)' writes (its flags: "
        + "\(flags.joined(separator: ", ")))"
    }
  }

  /// Exactly how far a failed job got.
  static func counts(_ delivery: Delivery) -> String {
    let unsent = delivery.total - delivery.confirmed - delivery.queued
    return "\(delivery.confirmed) of \(delivery.total) bytes confirmed by the printer, "
      + "\(delivery.queued) more queued but not confirmed, \(unsent) not sent"
  }

  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
  }
}

extension TransportError.Reason {
  /// The message, from the catalog.
  public var message: String { TransportMessages.text(self) }
}
