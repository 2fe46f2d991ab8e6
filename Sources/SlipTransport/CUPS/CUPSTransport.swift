/// A CUPS queue (being written).
public final class CUPSTransport: Transport {
  let queue: String

  /// A transport to `queue`.
  public init(queue: String, timeout: Duration = .seconds(10)) {
    self.queue = queue
  }

  /// Not yet available.
  public func open() throws(TransportError) -> any PrinterLink {
    throw TransportError(.cupsUnavailable(server: "", message: "not available yet"))
  }
}
