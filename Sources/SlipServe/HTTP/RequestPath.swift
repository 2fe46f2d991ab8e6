import CMicroHTTPD
import CSlipHTTP

/// The request target's path and query, decoded and checked before any route sees them.
///
/// libmicrohttpd is told to keep escapes (CSlipHTTP's unescaper), so an encoded `/` or `\` can
/// be refused as written: decoded, `%2F` would make one segment look like two, and `..` would
/// climb out of a folder. Decoding itself is libmicrohttpd's `MHD_http_unescape`.
public enum RequestPath {
  /// Why a path is refused (400).
  public struct Refusal: Error, Sendable, Equatable {
    /// What is wrong, for the JSON error.
    public var message: String
  }

  /// The decoded path and its segments, or why it is refused: an encoded `/` or `\`, a `.` or
  /// `..` segment, a NUL, bytes that are not UTF-8, a path not starting with `/`.
  public static func parse(_ raw: String) -> Result<(path: String, segments: [String]), Refusal> {
    guard raw.hasPrefix("/") else { return .failure(Refusal(message: "the path must start with '/'")) }
    let lowered = raw.lowercased()
    if lowered.contains("%2f") || lowered.contains("%5c") {
      return .failure(Refusal(message: "the path has an encoded '/' or '\\'"))
    }
    guard let path = unescape(raw, plusIsSpace: false) else {
      return .failure(Refusal(message: "the path has a NUL or bytes that are not UTF-8"))
    }
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    if segments.contains(where: { $0 == ".." || $0 == "." }) {
      return .failure(Refusal(message: "the path has a '.' or '..' segment"))
    }
    if path.contains("\\") {
      return .failure(Refusal(message: "the path has a '\\'"))
    }
    // `/jobs/` is `/jobs`; empty segments inside (`/jobs//1`) are kept, and match no route.
    let trimmed = segments.last == "" ? Array(segments.dropLast()) : segments
    return .success((path, trimmed))
  }

  /// `text` with its `%XX` escapes decoded (and `+` as a space in query arguments), or nil when
  /// the result holds a NUL or is not UTF-8.
  public static func unescape(_ text: String, plusIsSpace: Bool) -> String? {
    var bytes = Array(text.utf8)
    if plusIsSpace {
      for index in bytes.indices where bytes[index] == UInt8(ascii: "+") { bytes[index] = UInt8(ascii: " ") }
    }
    bytes.append(0)
    let count = bytes.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { cslip_MHD_http_unescape($0.baseAddress) }
    }
    let decoded = bytes[..<count]
    guard !decoded.contains(0) else { return nil }
    return String(validating: decoded, as: UTF8.self)
  }
}
