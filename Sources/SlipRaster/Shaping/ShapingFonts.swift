/// The faces shaped text is drawn in: Debian's Noto Sans for each script (`fonts-noto-core`),
/// chosen per script run, and Noto Sans itself for Latin and whatever has no face of its own.
public struct ShapingFonts: Sendable, Equatable {
  /// The folder the faces are in.
  public var folder: String
  /// The Debian package that installs them, named when a file is missing.
  public var package: String

  /// Faces named `NotoSans<Script>-Regular.ttf` in `folder`, installed by `package`.
  public init(folder: String, package: String) {
    self.folder = folder
    self.package = package
  }

  /// The faces Debian 12's `fonts-noto-core` installs (`scripts/setup` installs it).
  public static let debian = ShapingFonts(
    folder: "/usr/share/fonts/truetype/noto", package: "fonts-noto-core")

  /// The face for a run in `script` (an ISO 15924 code as HarfBuzz gives it: `Arab`, `Thai`).
  func face(for script: String) -> FontFiles.Face {
    let name = Self.names[script].map { "NotoSans\($0)-Regular.ttf" } ?? "NotoSans-Regular.ttf"
    return FontFiles.Face(path: folder + "/" + name, package: package, pixelSize: 0)
  }

  /// Scripts with a face of their own in `fonts-noto-core`, by ISO 15924 code.
  private static let names: [String: String] = [
    "Arab": "Arabic", "Armn": "Armenian", "Beng": "Bengali", "Deva": "Devanagari", "Ethi": "Ethiopic",
    "Geor": "Georgian", "Gujr": "Gujarati", "Guru": "Gurmukhi", "Hebr": "Hebrew", "Khmr": "Khmer",
    "Knda": "Kannada", "Laoo": "Lao", "Mlym": "Malayalam", "Mymr": "Myanmar", "Orya": "Oriya",
    "Sinh": "Sinhala", "Syrc": "Syriac", "Taml": "Tamil", "Telu": "Telugu", "Thaa": "Thaana",
    "Thai": "Thai",
  ]
}
