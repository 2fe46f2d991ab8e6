/// A classic Bluetooth printer over the Serial Port Profile (being written).
public final class SPPTransport: Transport {
  let target: BLETarget

  /// A transport to `target`.
  public init(
    target: BLETarget, timeout: Duration = .seconds(10), notifications: @escaping ([UInt8]) -> Void = { _ in }
  ) {
    self.target = target
  }

  /// Not yet available.
  public func open() throws(TransportError) -> any PrinterLink {
    throw TransportError(.profileConnectFailed(printer: target.description, message: "not available yet"))
  }
}
