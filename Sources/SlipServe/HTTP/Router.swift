/// Requests to handlers by method and path pattern: `/jobs/:id/events` binds `id`, a final
/// `*rest` binds the rest of the path (static files, the designer's assets). An unknown path
/// is 404, a known path with another method 405 with `Allow`.
public struct Router: Sendable {
  /// A handler: the request and the pattern's bound names.
  public typealias Handler = @Sendable (HTTPRequest, Parameters) -> HTTPResponse

  /// The values a pattern bound: `id` of `/jobs/:id`, `rest` of `/assets/*rest` (joined by `/`).
  public struct Parameters: Sendable, Equatable {
    var values: [String: String] = [:]

    /// The value bound to `name`.
    public subscript(_ name: String) -> String? { values[name] }
  }

  private enum Segment: Sendable, Equatable {
    case literal(String)
    case parameter(String)
    case rest(String)
  }

  private struct Route: Sendable {
    var method: String
    var pattern: [Segment]
    var handler: Handler
  }

  private var routes: [Route] = []

  /// A router with no routes.
  public init() {}

  /// Routes `method` requests whose path matches `pattern` to `handler`; the first added match
  /// wins.
  public mutating func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
    let segments = pattern.split(separator: "/").map { part -> Segment in
      if part.hasPrefix(":") { return .parameter(String(part.dropFirst())) }
      if part.hasPrefix("*") { return .rest(String(part.dropFirst())) }
      return .literal(String(part))
    }
    routes.append(Route(method: method, pattern: segments, handler: handler))
  }

  /// The response of the route `request` matches, 404 when none has its path, or 405 when
  /// none has its method (`HEAD` is answered as `GET` is, by libmicrohttpd, without a body).
  public func respond(to request: HTTPRequest) -> HTTPResponse {
    var allowed: [String] = []
    let method = request.method == "HEAD" ? "GET" : request.method
    for route in routes {
      guard let parameters = Self.match(route.pattern, request.head.segments) else { continue }
      if route.method == method { return route.handler(request, parameters) }
      if !allowed.contains(route.method) { allowed.append(route.method) }
    }
    if allowed.isEmpty { return .error(404, "no such resource '\(request.path)'") }
    return .error(
      405, "'\(request.path)' takes \(allowed.joined(separator: ", ")), not \(request.method)",
      headers: [("Allow", allowed.joined(separator: ", "))])
  }

  /// The parameters `pattern` binds in `segments`, or nil when it does not match.
  private static func match(_ pattern: [Segment], _ segments: [String]) -> Parameters? {
    var parameters = Parameters()
    for (index, segment) in pattern.enumerated() {
      switch segment {
      case .rest(let name):
        guard index < segments.count else { return nil }
        parameters.values[name] = segments[index...].joined(separator: "/")
        return parameters
      case .literal(let text):
        guard index < segments.count, segments[index] == text else { return nil }
      case .parameter(let name):
        guard index < segments.count, !segments[index].isEmpty else { return nil }
        parameters.values[name] = segments[index]
      }
    }
    return segments.count == pattern.count ? parameters : nil
  }
}
