import Foundation
import SlipKit

/// The bearer token every request must send when the service listens beyond loopback, read from
/// a file so it never stands on a command line (where `ps` shows it to every user).
public enum ServiceToken {
  /// The fewest characters a token may have.
  public static let minimumLength = 16

  /// The token in `path`, without surrounding white space: ``minimumLength`` characters or
  /// more, and no white space inside.
  public static func read(_ path: String) throws(InputError) -> String {
    let text = String(decoding: try InputFile.read(path, what: "token file"), as: UTF8.self)
    let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard token.count >= minimumLength, !token.contains(where: { $0.isWhitespace }) else {
      throw InputError(
        .setting, "the token in '\(path)' must be \(minimumLength) characters or more, without spaces")
    }
    return token
  }
}
