import SlipSupport

/// A response as a value: the status, the headers, and a body that is either bytes or a stream
/// written as it comes (Server-Sent Events).
public struct HTTPResponse: Sendable {
  /// What the response carries.
  public enum Body: Sendable {
    /// The whole body.
    case bytes([UInt8])
    /// A body written as the stream yields it, sent chunked, until it ends.
    case stream(any ResponseStream)
  }

  /// The status code: 200, 404…
  public var status: Int
  /// The headers besides those the server adds (`Content-Length`, `Date`).
  public var headers: [(name: String, value: String)]
  /// The body.
  public var body: Body

  /// A response of these parts.
  public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A JSON response of `value` with `status`.
  public static func json(_ status: Int, _ value: JSONReply, headers: [(name: String, value: String)] = [])
    -> HTTPResponse
  {
    HTTPResponse(
      status: status, headers: [("Content-Type", "application/json")] + headers,
      body: .bytes(Array((value.encoded + "\n").utf8)))
  }

  /// The JSON error every refusal carries: `{"error": MESSAGE}` (message lower-case, as the
  /// diagnostics' are), with `status`.
  public static func error(_ status: Int, _ message: String, headers: [(name: String, value: String)] = [])
    -> HTTPResponse
  {
    json(status, .object([("error", .string(message))]), headers: headers)
  }

  /// The body's bytes when it is not a stream (tests read them).
  public var bytes: [UInt8]? {
    if case .bytes(let bytes) = body { return bytes }
    return nil
  }

  /// The first header called `name` (any case).
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}

/// A body produced while it is sent: each call blocks until there is more (or it is time for
/// a keep-alive), and nil ends the body. Called from the connection's own thread.
public protocol ResponseStream: AnyObject, Sendable {
  /// The next bytes to send, waiting for them; nil when the body is over.
  func next() -> [UInt8]?
  /// Ends the stream soon: the service is stopping, or the client went away.
  func close()
}

/// A JSON value the service writes: responses are built from these, so every string is
/// escaped in one place.
public indirect enum JSONReply: Sendable, Equatable {
  /// A string.
  case string(String)
  /// A whole number.
  case int(Int)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null
  /// A list.
  case array([JSONReply])
  /// An object, members in this order.
  case object([(String, JSONReply)])
  /// JSON text already encoded by its owner (the diagnostics' objects).
  case encoded(String)

  /// The JSON text, on one line.
  public var encoded: String {
    switch self {
    case .string(let text): return JSON.quoted(text)
    case .int(let value): return String(value)
    case .bool(let value): return value ? "true" : "false"
    case .null: return "null"
    case .array(let items): return "[" + items.map(\.encoded).joined(separator: ", ") + "]"
    case .object(let members):
      return "{" + members.map { JSON.quoted($0.0) + ": " + $0.1.encoded }.joined(separator: ", ") + "}"
    case .encoded(let text): return text
    }
  }

  /// An optional string as a string or `null`.
  public static func string(_ text: String?) -> JSONReply { text.map { .string($0) } ?? .null }

  public static func == (a: JSONReply, b: JSONReply) -> Bool { a.encoded == b.encoded }
}
