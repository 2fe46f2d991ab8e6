/// What one client may cost the server: refused or closed past these, never waited on forever.
public struct HTTPLimits: Sendable, Equatable {
  /// The largest request body read (1 MiB): a larger declared `Content-Length` gets 413 before
  /// any of it is read; a chunked body that grows past it closes the connection.
  public var bodyBytes: Int
  /// Bytes for the request line and headers of one connection (32 KiB): past it, 431 (414 for
  /// the request line alone), as libmicrohttpd answers.
  public var headerBytes: Int
  /// Connections open at once (1000); more are accepted and closed.
  public var connections: Int
  /// Seconds a connection may stay silent, headers or body half sent, before it is closed (10).
  public var timeoutSeconds: Int

  /// The limits: 1 MiB bodies, 32 KiB headers, 1000 connections, 10 s of silence.
  public init(
    bodyBytes: Int = 1 << 20, headerBytes: Int = 32 << 10, connections: Int = 1000, timeoutSeconds: Int = 10
  ) {
    self.bodyBytes = bodyBytes
    self.headerBytes = headerBytes
    self.connections = connections
    self.timeoutSeconds = timeoutSeconds
  }
}
