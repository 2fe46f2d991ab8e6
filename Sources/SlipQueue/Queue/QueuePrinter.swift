import Foundation
import SlipTransport

/// One printer the queue sends to: where it is and how to reach it.
public struct QueuePrinter: Sendable {
  /// Where its jobs go.
  public var destination: Destination
  /// Whether to ask the printer's status before each job (nothing is sent if it reports a
  /// problem) and after it.
  public var checkStatus: Bool
  /// The language of the status questions.
  public var language: PrinterLanguage
  /// Makes the transport for one job (a fresh link each time).
  public var transport: @Sendable () -> any Transport

  /// A printer at `destination`, reached with `options` (BLE's, and the timeout every route
  /// uses).
  public init(
    destination: Destination, options: BLESendOptions = BLESendOptions(), checkStatus: Bool = false,
    language: PrinterLanguage = .escpos
  ) {
    self.destination = destination
    self.checkStatus = checkStatus
    self.language = language
    transport = { destination.transport(options: options) }
  }
}
