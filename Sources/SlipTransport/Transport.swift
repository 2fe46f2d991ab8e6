// The delivery's counts and rules are SlipDelivery's; every user of a transport needs them, so
// they come with it (as NIO re-exports NIOCore).
@_exported import SlipDelivery

/// Something that carries a job's bytes to a printer and says how many arrived.
public protocol Transport {
  /// Reaches the printer and holds the link open for one job and the questions around it.
  func open() throws(TransportError) -> any PrinterLink
}

extension Transport {
  /// Sends `bytes` over a link of its own; see `PrinterLink.send`.
  public func send(_ bytes: [UInt8], progress: (Delivery) -> Void) throws(TransportError) -> Delivery {
    let link = try open()
    defer { link.close() }
    return try link.send(bytes, progress: progress)
  }
}

extension PrinterLink {
  /// Unknown, unless the link knows better.
  public var language: PrinterLanguage? { nil }

  /// Nothing to do, unless the link has an ending of its own to check.
  public func finish(_ delivery: Delivery) throws(TransportError) {}
}

/// An open link to one printer: a job's bytes go out over it, and, where the printer talks
/// back, status questions are asked over it before and after.
public protocol PrinterLink: AnyObject {
  /// The printer as messages name it: `POS-5805DD (DC:0D:30:48:95:01)`, `192.168.1.50:9100`.
  var printer: String { get }
  /// Why nothing the printer says can come back over this link; nil when it can answer.
  var silence: String? { get }
  /// The language the printer is known to speak, when the link can tell (a Zebra over BLE).
  var language: PrinterLanguage? { get }
  /// Sends `bytes`; `progress` sees the counts as they grow. Returns the delivery once the
  /// whole job is confirmed (or, where the link allows no confirmation, handed over); any
  /// failure throws with the counts reached, never a success for a partial job.
  func send(_ bytes: [UInt8], progress: (Delivery) -> Void) throws(TransportError) -> Delivery
  /// Sends `query` and returns what the printer says within `timeout`, sooner once
  /// `complete` accepts it (empty when it said nothing). What was waiting before the query is
  /// passed on as the printer's own words, not taken as the answer.
  func ask(_ query: [UInt8], timeout: Duration, complete: ([UInt8]) -> Bool) throws(TransportError) -> [UInt8]
  /// After the job (and any status questions): ends the job's side of the link and checks
  /// that the printer took the end cleanly; a printer that throws away what it had not read
  /// (a TCP reset) fails with `delivery`'s counts. Links without such an ending do nothing.
  func finish(_ delivery: Delivery) throws(TransportError)
  /// Ends the link; the last words of the printer, if any, are passed on first.
  func close()
}
