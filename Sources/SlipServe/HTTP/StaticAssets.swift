/// Files served from memory at fixed paths (the designer's page, its CSS and JavaScript): no
/// file system is read per request, so no request can name a file outside them.
public struct StaticAssets: Sendable {
  /// One file: its bytes and media type.
  public struct Asset: Sendable, Equatable {
    /// The body.
    public var bytes: [UInt8]
    /// `text/html; charset=utf-8`, …
    public var contentType: String

    /// An asset of `bytes`, typed by `contentType`.
    public init(bytes: [UInt8], contentType: String) {
      self.bytes = bytes
      self.contentType = contentType
    }
  }

  /// The assets by path inside the site, without the leading `/`: `index.html`, `app/editor.js`.
  public var files: [String: Asset]

  /// Assets of `files`, each typed by its extension (``contentType(of:)``).
  public init(files: [String: [UInt8]]) {
    self.files = files.reduce(into: [:]) {
      $0[$1.key] = Asset(bytes: $1.value, contentType: Self.contentType(of: $1.key))
    }
  }

  /// No assets: a service with only its API.
  public static let none = StaticAssets(files: [:])

  /// The media type of a file name by its extension; `application/octet-stream` when unknown.
  public static func contentType(of name: String) -> String {
    let types = [
      "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
      "js": "text/javascript; charset=utf-8", "json": "application/json", "svg": "image/svg+xml",
      "png": "image/png", "ico": "image/x-icon", "txt": "text/plain; charset=utf-8",
    ]
    let suffix = name.split(separator: ".").last.map { String($0).lowercased() } ?? ""
    return types[suffix] ?? "application/octet-stream"
  }

  /// Adds `GET /` (`index.html`) and `GET /*path` for the assets to `router`, after the routes
  /// already there, so the API's own paths win. Nothing is added when there are no assets.
  public func addRoutes(to router: inout Router) {
    guard !files.isEmpty else { return }
    router.add("GET", "/") { _, _ in response(for: "index.html") }
    router.add("GET", "/*path") { _, parameters in response(for: parameters["path"] ?? "") }
  }

  /// The asset at `path`, or 404.
  func response(for path: String) -> HTTPResponse {
    guard let asset = files[path] else { return .error(404, "no such resource '/\(path)'") }
    return HTTPResponse(
      status: 200,
      headers: [
        ("Content-Type", asset.contentType), ("Cache-Control", "no-cache"),
        ("X-Content-Type-Options", "nosniff"),
      ], body: .bytes(asset.bytes))
  }
}
