import Foundation
import SlipCore
import SlipESCPOS
import SlipIR
import SlipKit
import SlipTestSupport
import Testing

/// Borders and side-by-side columns through the whole pipeline (issue 21): what text mode sends
/// for them is the preview's dots.
@Suite struct FrameRenderingTests {
  /// `template` rendered for `profile` in text mode, with its preview.
  func render(_ template: String, data: String = "{}", profile: PrinterProfile? = nil) -> Rendering {
    Renderer().render(
      TemplateSource(SourceFile(path: "t.slip", text: template)),
      data: .json(SourceFile(path: "d.json", text: data)), target: .escpos(profile),
      previews: PreviewOptions())
  }

  /// The `GS v 0` images in `bytes`, in order: width in bytes, height, the rows' bits.
  func rasterImages(_ bytes: [UInt8]) -> [(widthBytes: Int, height: Int, bits: [UInt8])] {
    var images: [(Int, Int, [UInt8])] = []
    var index = 0
    while index + 8 <= bytes.count {
      if bytes[index] == 0x1D, bytes[index + 1] == 0x76, bytes[index + 2] == 0x30 {
        let width = Int(bytes[index + 4]) | Int(bytes[index + 5]) << 8
        let height = Int(bytes[index + 6]) | Int(bytes[index + 7]) << 8
        let start = index + 8
        guard start + width * height <= bytes.count else { break }
        images.append((width, height, Array(bytes[start..<start + width * height])))
        index = start + width * height
      } else {
        index += 1
      }
    }
    return images
  }

  /// Rows `top..<top+height` of `bitmap`, `widthBytes` bytes of each.
  func rows(_ bitmap: Bitmap, top: Int, height: Int, widthBytes: Int) -> [UInt8] {
    (top..<top + height).flatMap { row in
      bitmap.bits[row * bitmap.bytesPerRow..<row * bitmap.bytesPerRow + widthBytes]
    }
  }

  @Test func aBandPrintsInTextModeAsThePreviewDrawsIt() throws {
    let rendering = render(
      """
      receipt paper=58mm
      columns widths="14 *" valign=middle
        column
          qr "{{ url }}" size=4 align=center
        end
        column
          text "TOTAL" bold
          text "Rp 157.000" scale=1x2
        end
      end
      text "after the band"
      """, data: #"{"url": "https://struk.tokomakmur.id/e/1"}"#)
    #expect(!rendering.hasErrors)
    let images = rasterImages(rendering.bytes)
    try #require(images.count == 1)
    let preview = try #require(rendering.previews.first).bitmap
    let image = images[0]
    #expect(image.widthBytes == 48)
    #expect(image.height > 100)
    #expect(image.bits == rows(preview, top: 0, height: image.height, widthBytes: image.widthBytes))
    // The line after the band is text, not part of the picture.
    #expect(String(decoding: rendering.bytes, as: UTF8.self).contains("after the band"))
  }

  @Test func textColumnsPrintAsTextLines() {
    let rendering = render(
      """
      receipt paper=58mm
      columns widths="* *"
        column
          text "Kasir: Dewi"
        end
        column
          row "Meja" | "12"
        end
      end
      """)
    #expect(rasterImages(rendering.bytes).isEmpty)
    #expect(String(decoding: rendering.bytes, as: UTF8.self).contains("Kasir: Dewi      Meja         12"))
  }

  @Test func bordersPrintAsCharactersWhereACodePageHasThem() {
    let rendering = render(
      """
      receipt paper=58mm
      table widths="* 5" border=line
        row "a" | "b"
      end
      """)
    #expect(rasterImages(rendering.bytes).isEmpty)
    // PC437's ┌ ─ ┬ ┐ │.
    for byte: UInt8 in [0xDA, 0xC4, 0xC2, 0xBF, 0xB3] { #expect(rendering.bytes.contains(byte)) }
  }

  @Test func withoutABoxDrawingPageBordersPrintAsThePreviewsLines() throws {
    let json = """
      {"id": "wpc1252-only", "name": "WPC1252 only", "dpi": 203, "dots": 384,
       "fonts": {"A": {"width": 12, "height": 24, "columns": 32}, "B": {"width": 9, "height": 17, "columns": 42}},
       "codePages": {"16": "WPC1252"}, "narrowPlacement": "left", "cutter": {"kinds": [], "feedLines": 3},
       "drawerPins": [2], "images": {"raster": true, "column": false, "graphics": false},
       "symbols": {"barcodes": false, "qrCode": false}}
      """
    let profile = try PrinterProfile(json: Array(json.utf8), source: "wpc1252.json")
    let rendering = render(
      """
      receipt paper=58mm
      box
        text "Café"
      end
      """, profile: profile)
    #expect(!rendering.hasErrors)
    let images = rasterImages(rendering.bytes)
    // The box's three lines, each the picture of itself, stacked as the preview stacks them.
    #expect(images.count == 3)
    let preview = try #require(rendering.previews.first).bitmap
    var top = 0
    for image in images {
      #expect(image.bits == rows(preview, top: top, height: image.height, widthBytes: image.widthBytes))
      top += image.height
    }
  }

  @Test func aPictureInAColumnIsScaledToItAndPrintsAsThePreview() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slip-frames-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: Repository.root.appendingPathComponent("templates/logo.png"),
      to: folder.appendingPathComponent("logo.png"))
    let path = folder.appendingPathComponent("t.slip").path
    try """
    receipt paper=58mm
    columns widths="10 *" valign=bottom
      column
        image "logo.png" width=100%
      end
      column
        text "Kopi Senja" bold
      end
    end
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let rendering = Renderer().render(
      try TemplateSource(path: path), target: .escpos(), previews: PreviewOptions())
    #expect(!rendering.hasErrors)
    let ir = Renderer().render(try TemplateSource(path: path), target: .ir)
    // The picture is the column's 120 dots wide, not the paper's.
    #expect(String(decoding: ir.bytes, as: UTF8.self).contains("image \"logo.png\" 120x"))
    let images = rasterImages(rendering.bytes)
    try #require(images.count == 1)
    let preview = try #require(rendering.previews.first).bitmap
    #expect(
      images[0].bits == rows(preview, top: 0, height: images[0].height, widthBytes: images[0].widthBytes))
  }
}
