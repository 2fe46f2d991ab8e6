import SlipIR

/// Why nothing could be drawn (`E07xx`).
public typealias RasterError = BackendError

/// Something drawn differently from what the document says (`W07xx`).
public typealias RasterWarning = BackendWarning

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

  static func shapingFailed(_ text: String) -> Self {
    Self(id: "E0703", message: "HarfBuzz or FriBidi could not shape '\(text)' (out of memory?)")
  }

  static func shapingUnavailable(_ reason: String) -> Self {
    Self(
      id: "E0703", message: "HarfBuzz or FriBidi could not shape the line: \(reason)",
      help: "install the Debian packages 'libharfbuzz0b' and 'libfribidi0' (scripts/setup installs them)")
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
