/// The notifications with which a printer holds and releases the sender (a cat printer's own
/// packets; XOFF and XON for the rest).
public struct FlowControl: Sendable, Equatable {
  /// The notification that pauses the sender.
  public var pause: [UInt8]
  /// The notification that lets it go on.
  public var resume: [UInt8]

  /// XOFF (0x13) and XON (0x11) unless the printer's family has its own.
  public init(pause: [UInt8]? = nil, resume: [UInt8]? = nil) {
    self.pause = pause ?? [0x13]
    self.resume = resume ?? [0x11]
  }
}
