/// The characteristic a job is written to, as the link reports it once connected: BlueZ's
/// `Flags` and `MTU` properties, or Core Bluetooth's `properties` and
/// `maximumWriteValueLength(for:)` + 3.
public struct WriteCharacteristic: Sendable, Equatable {
  /// Whether it takes Write Requests (`write`).
  public var takesRequests: Bool
  /// Whether it takes Write Commands (`write-without-response`).
  public var takesCommands: Bool
  /// The ATT MTU, if the stack says (BlueZ 5.62+); 23, the least there is, otherwise.
  public var mtu: Int?
  /// Whether a readable characteristic can serve as a barrier: the stack answers a read only
  /// after the commands queued before it went out.
  public var readBarrier: Bool

  /// A characteristic with these properties.
  public init(takesRequests: Bool, takesCommands: Bool, mtu: Int?, readBarrier: Bool) {
    self.takesRequests = takesRequests
    self.takesCommands = takesCommands
    self.mtu = mtu
    self.readBarrier = readBarrier
  }

  /// The payload of one write: the MTU less the 3-byte ATT header.
  public var payload: Int { (mtu ?? 23) - 3 }
}
