import SlipIR

/// Why nothing could be drawn: a value with a stable identifier, like the other stages' errors.
public struct RasterError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Stable identifier, `E07xx`.
  public var id: String
  /// What is wrong: lower-case, no final period.
  public var message: String
  /// What to do about it.
  public var help: String?

  /// An error.
  public init(id: String, message: String, help: String? = nil) {
    self.id = id
    self.message = message
    self.help = help
  }

  /// The message and its identifier.
  public var description: String { "\(message) [\(id)]" }
}

/// Something drawn differently from what the document says, with the template text it concerns.
public struct RasterWarning: Sendable, Equatable, CustomStringConvertible {
  /// Stable identifier, `W07xx`.
  public var id: String
  /// What happened.
  public var message: String
  /// The template text it concerns.
  public var source: SourceSpan?

  /// A warning.
  public init(id: String, message: String, source: SourceSpan?) {
    self.id = id
    self.message = message
    self.source = source
  }

  /// `path:line:col: warning: message [ID]`, with `sources` naming the files.
  public func formatted(sources: [String]) -> String {
    var place = ""
    if let source {
      let path = source.file < sources.count ? sources[source.file] : "file\(source.file)"
      place = "\(path):\(source.line):\(source.column): "
    }
    return "\(place)warning: \(message) [\(id)]"
  }

  /// The message and its identifier.
  public var description: String { "\(message) [\(id)]" }
}

// The raster engine's messages, alphabetical; nothing else in the module words an error.
extension RasterError {
  static func fontUnusable(_ file: FontFiles.Face, code: Int, step: String) -> Self {
    let missing = code == 1  // FT_Err_Cannot_Open_Resource
    return Self(
      id: "E0701",
      message: missing
        ? "the font file '\(file.path)' is missing"
        : "FreeType cannot use the font file '\(file.path)' (error \(code) at \(step))",
      help: "install the Debian package '\(file.package)' (scripts/setup installs it)")
  }

  static func freeTypeUnavailable() -> Self {
    Self(id: "E0702", message: "FreeType could not start (out of memory?)")
  }
}

extension RasterWarning {
  static func noGlyph(_ characters: [String], at source: SourceSpan?) -> Self {
    let list = characters.map { character in
      let codes = character.unicodeScalars.map { "U+" + hex($0.value) }.joined(separator: " ")
      return "'\(character)' (\(codes))"
    }
    return Self(
      id: "W0701", message: "no font has \(list.joined(separator: ", ")); drawn as an empty box",
      source: source)
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
