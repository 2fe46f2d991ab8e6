import Foundation
import Testing

/// `slip render --preview` and `--raster`, and pictures in templates, through the built binary.
@Suite struct PreviewCLITests {
  static let fixtures = CLITests.root.appendingPathComponent("Tests/SlipPNGTests/Fixtures")

  /// A fresh folder for one test's files.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "slip-preview-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Width, height, bit depth and pixels per metre of a PNG file.
  static func header(_ url: URL) throws -> (width: Int, height: Int, depth: Int, perMetre: Int?) {
    let bytes = Array(try Data(contentsOf: url))
    func number(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    var perMetre: Int?
    var offset = 8
    while offset + 8 <= bytes.count {
      let length = number(offset)
      if bytes[offset + 4..<offset + 8].elementsEqual("pHYs".utf8) { perMetre = number(offset + 8) }
      offset += 12 + length
    }
    return (number(16), number(20), Int(bytes[24]), perMetre)
  }

  @Test func thePreviewIsTheReceiptAtThePrintersDots() throws {
    let out = try Self.folder().appendingPathComponent("kopi.png")
    let result = try CLITests.slip(
      "render", "templates/kopi-senja.slip", "--data", "templates/kopi-senja.json", "--target", "text",
      "--preview", out.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == CLITests.sampleText)
    let header = try Self.header(out)
    // 384 dots, 1 bit, 203 dpi (7992 per metre); down to the cut: lines, feed and the 3 lines fed
    // before the cut.
    #expect(header.width == 384 && header.depth == 1 && header.perMetre == 7992)
    #expect(header.height == 378)
  }

  @Test func aPrinterGivesItsPaperAndPlacement() throws {
    let out = try Self.folder().appendingPathComponent("wide.png")
    let result = try CLITests.slip(
      "render", "templates/kopi-senja.slip", "--data", "templates/kopi-senja.json", "--target", "ir",
      "--printer", "epson-tm-t20iii", "--preview", out.path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Self.header(out).width == 576)
  }

  @Test func rasterModeSendsImagesOfThePreview() throws {
    let folder = try Self.folder()
    let result = try CLITests.slip(
      "render", "templates/kopi-senja.slip", "--data", "templates/kopi-senja.json", "--raster",
      "-o", folder.appendingPathComponent("r.bin").path, "--preview",
      folder.appendingPathComponent("r.png").path)
    #expect(result.status == 0, "\(result.stderr)")
    let listing = try CLITests.slip("disasm", folder.appendingPathComponent("r.bin").path).stdout
    #expect(listing.contains("GS v 0 0 48"))
    #expect(!listing.contains("Kopi"))
  }

  @Test func aCutStartsAnotherFile() throws {
    let folder = try Self.folder()
    let template = folder.appendingPathComponent("two.slip")
    try "receipt paper=58mm\ntext \"one\"\ncut\ntext \"two\"\ncut\n".write(
      to: template, atomically: true, encoding: .utf8)
    let result = try CLITests.slip(
      "render", template.path, "--target", "text", "--preview", folder.appendingPathComponent("p.png").path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("p-2.png").path))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("p-3.png").path))
  }

  @Test(arguments: [
    ["render", "templates/kopi-senja.slip", "--target", "text", "--raster"],
    ["render", "templates/kopi-senja.slip", "--target", "ir", "--printer", "generic-58"],
    ["render", "templates/kopi-senja.slip", "--target", "text", "--preview", "-"],
  ])
  func misusedOptionsAreUsageErrors(_ arguments: [String]) throws {
    let result = try CLITests.run(arguments)
    #expect(result.status == 64, "\(result.stderr)")
  }

  static let badPictures: [(String, String)] = [
    ("truncated.png", "the file ends early (truncated)"),
    ("bad-crc.png", "the PNG data is damaged (libpng: IDAT: CRC error)"),
    ("not-a-png.png", "not a PNG file (it does not start with the PNG signature)"),
    ("huge-header.png", "the image is 100000×100000 pixels; images may be at most 20000 pixels a side"),
  ]

  @Test(arguments: badPictures)
  func badPicturesAreErrorsAtTheirStatement(_ file: String, _ message: String) throws {
    let folder = try Self.folder()
    try FileManager.default.copyItem(
      at: Self.fixtures.appendingPathComponent(file), to: folder.appendingPathComponent(file))
    let template = folder.appendingPathComponent("r.slip")
    try "receipt paper=58mm\ntext \"Logo:\"\nimage \"\(file)\" align=center\n".write(
      to: template, atomically: true, encoding: .utf8)
    let result = try CLITests.slip("render", template.path, "--target", "text")
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("r.slip:3:7: error: cannot read '\(file)': \(message)"), "\(result.stderr)")
  }

  @Test func aMissingPictureIsAnErrorAtItsStatement() throws {
    let folder = try Self.folder()
    let template = folder.appendingPathComponent("r.slip")
    try "receipt paper=58mm\nimage \"logo.png\"\n".write(to: template, atomically: true, encoding: .utf8)
    let result = try CLITests.slip("render", template.path, "--target", "text")
    #expect(result.status == 1)
    #expect(result.stderr.contains("r.slip:2:7: error: cannot find 'logo.png'"), "\(result.stderr)")
  }

  @Test func aRealPictureCompilesAndPrints() throws {
    let folder = try Self.folder()
    try FileManager.default.copyItem(
      at: Self.fixtures.appendingPathComponent("interlaced-rgba8.png"),
      to: folder.appendingPathComponent("p.png"))
    let template = folder.appendingPathComponent("r.slip")
    try "receipt paper=58mm\nimage \"p.png\" width=100 dither=atkinson\n".write(
      to: template, atomically: true, encoding: .utf8)
    let result = try CLITests.slip("render", template.path, "--target", "text")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "[p.png 100x85]\n")
  }
}
