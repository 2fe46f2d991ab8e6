import Foundation
import SlipKit
import SlipServe
import Testing

/// `slip serve --token-file`: the token read from its file, or a refusal that says why.
@Suite struct ServiceTokenTests {
  func file(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)")
      .path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func surroundingWhiteSpaceIsNotPartOfTheToken() throws {
    #expect(try ServiceToken.read(try file("  0123456789abcdef-long\n")) == "0123456789abcdef-long")
  }

  @Test func shortTokensAndSpacesInsideAreRefused() throws {
    for text in ["short\n", "0123456789 abcdef\n"] {
      let path = try file(text)
      #expect(
        throws: InputError(.setting, "the token in '\(path)' must be 16 characters or more, without spaces")
      ) {
        try ServiceToken.read(path)
      }
    }
  }

  @Test func aMissingFileIsMissing() {
    #expect(throws: InputError(.missing, "token file '/nonexistent/token' does not exist")) {
      try ServiceToken.read("/nonexistent/token")
    }
  }
}
