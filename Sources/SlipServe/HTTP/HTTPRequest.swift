/// What the server knows of a request before its body: enough to refuse it early (a body that
/// is too large, a missing token) without reading what the client sends next.
public struct HTTPRequestHead: Sendable, Equatable {
  /// The method, as sent: `GET`, `POST`, `DELETE`.
  public var method: String
  /// The path with its escapes decoded, checked by ``RequestPath``: `/jobs/42`.
  public var path: String
  /// The path's segments between slashes, decoded: `["jobs", "42"]`.
  public var segments: [String]
  /// The query's arguments, decoded, in the order sent (a name may come twice).
  public var query: [(name: String, value: String)]
  /// The headers, names in lower case, in the order sent.
  public var headers: [(name: String, value: String)]

  /// A head of these parts.
  public init(
    method: String, path: String, segments: [String], query: [(name: String, value: String)] = [],
    headers: [(name: String, value: String)] = []
  ) {
    self.method = method
    self.path = path
    self.segments = segments
    self.query = query
    self.headers = headers.map { ($0.name.lowercased(), $0.value) }
  }

  /// The first header called `name` (any case).
  public func header(_ name: String) -> String? {
    let lowered = name.lowercased()
    return headers.first { $0.name == lowered }?.value
  }

  /// The first query argument called `name`.
  public func argument(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  public static func == (a: HTTPRequestHead, b: HTTPRequestHead) -> Bool {
    a.method == b.method && a.path == b.path && a.segments == b.segments
      && a.query.elementsEqual(b.query) { $0 == $1 } && a.headers.elementsEqual(b.headers) { $0 == $1 }
  }
}

/// A whole request: its head and its body, read in full (the server refuses bodies over the
/// limit before they are read).
public struct HTTPRequest: Sendable, Equatable {
  /// The request line, headers and query.
  public var head: HTTPRequestHead
  /// The body's bytes; empty when there was none.
  public var body: [UInt8]

  /// A request of `head` and `body`.
  public init(head: HTTPRequestHead, body: [UInt8] = []) {
    self.head = head
    self.body = body
  }

  /// The method.
  public var method: String { head.method }
  /// The decoded path.
  public var path: String { head.path }
}
