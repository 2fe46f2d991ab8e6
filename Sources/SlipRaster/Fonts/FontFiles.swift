/// The font files the raster engine draws with, and the Debian packages that install them.
///
/// Receipt printers print from fonts in their ROM; these are the closest free faces with the
/// same cells (see ../shared/notes/fonts.md): Terminus for font A's 12×24 cells, X.Org's 9x18
/// for font B's 9×17 (drawn with its blank bottom row cropped), GNU Unifont for every character
/// those lack (CJK and other scripts).
public struct FontFiles: Sendable, Equatable {
  /// One face at one pixel size.
  public struct Face: Sendable, Hashable {
    /// The font file.
    public var path: String
    /// The Debian package that installs it, named when the file is missing.
    public var package: String
    /// The pixel size to draw at: a bitmap font's strike, or a scalable font's em.
    public var pixelSize: Int

    /// A face of `path` at `pixelSize`, installed by `package`.
    public init(path: String, package: String, pixelSize: Int) {
      self.path = path
      self.package = package
      self.pixelSize = pixelSize
    }
  }

  /// Font A's face, drawn on the 12×24 cell.
  public var fontA: Face
  /// Font B's face, drawn on the 9×17 cell.
  public var fontB: Face
  /// Faces tried in order for characters font A's face lacks, and for wide characters.
  public var fallbackA: [Face]
  /// Faces tried in order for characters font B's face lacks, and for wide characters.
  public var fallbackB: [Face]

  /// Files for each role.
  public init(fontA: Face, fontB: Face, fallbackA: [Face], fallbackB: [Face]) {
    self.fontA = fontA
    self.fontB = fontB
    self.fallbackA = fallbackA
    self.fallbackB = fallbackB
  }

  /// The faces Debian 12 installs (`scripts/setup` installs the packages).
  public static let debian: FontFiles = {
    let terminus = "/usr/share/fonts/opentype/terminus/terminus-normal.otb"
    let fixed = "/usr/share/fonts/X11/misc/9x18.pcf.gz"
    let unifont = "/usr/share/fonts/opentype/unifont/unifont.otf"
    let unifontUpper = "/usr/share/fonts/opentype/unifont/unifont_upper.otf"
    // Unifont is drawn on a 16-dot grid: at 24 pixels it fills font A's 24-dot cells (as a
    // printer's 24×24 Kanji font does), at 16 it fits font B's 17-dot cells.
    func unifontFaces(_ size: Int) -> [Face] {
      [
        Face(path: unifont, package: "fonts-unifont", pixelSize: size),
        Face(path: unifontUpper, package: "fonts-unifont", pixelSize: size),
      ]
    }
    return FontFiles(
      fontA: Face(path: terminus, package: "fonts-terminus-otb", pixelSize: 24),
      fontB: Face(path: fixed, package: "xfonts-base", pixelSize: 18),
      fallbackA: unifontFaces(24), fallbackB: unifontFaces(16))
  }()
}
