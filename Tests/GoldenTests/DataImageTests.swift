import Foundation
import SlipCore
import SlipIR
import SlipImages
import SlipTestSupport
import Testing

/// Pictures the data sends (`image "{{ logo }}"` with a `data:image/png;base64,…` URI) or names
/// by a path: the same picture as from a file, the same limits, and a path still confined to
/// the template's root (issue 21).
@Suite struct DataImageTests {
  static let logo = Array(try! Data(contentsOf: Repository.root.appendingPathComponent("templates/logo.png")))

  static func render(_ template: String, _ data: [String: String], files: [String: [UInt8]] = [:])
    -> Compiler.Result
  {
    let compiler = Compiler(
      loader: InMemoryLoader([:], data: files.merging(["logo.png": logo]) { $1 }),
      imageDecoder: ImageFileDecoder())
    var object = JSONObject()
    for (key, value) in data { object.set(.string(value), forKey: key) }
    let prepared = compiler.prepare(SourceFile(path: "t.slip", text: "receipt paper=58mm\n" + template))
    guard let compiled = prepared.template else {
      return Compiler.Result(document: nil, diagnostics: prepared.diagnostics, sources: prepared.sources)
    }
    return compiled.render(object)
  }

  static func image(_ result: Compiler.Result) -> ImageBlock? {
    for case .image(let image) in result.document?.blocks ?? [] { return image }
    return nil
  }

  static var uri: String { "data:image/png;base64," + Data(logo).base64EncodedString() }

  @Test func aDataURIPrintsTheSamePictureAsTheFile() throws {
    let fromFile = try #require(Self.image(Self.render(#"image "logo.png" width=50% align=center"#, [:])))
    let result = Self.render(#"image "{{ logo }}" width=50% align=center"#, ["logo": Self.uri])
    #expect(result.diagnostics.isEmpty)
    let fromData = try #require(Self.image(result))
    #expect(fromData.bitmap == fromFile.bitmap)
    #expect(fromData.x == fromFile.x)
    #expect(fromData.name == "data:image/png")
  }

  @Test func aPathFromTheDataIsReadInsideTheRootOnly() throws {
    let inside = Self.render(#"image "{{ logo }}""#, ["logo": "logo.png"])
    #expect(Self.image(inside) != nil)
    let outside = Self.render(#"image "{{ logo }}""#, ["logo": "../secret.png"])
    #expect(outside.document == nil)
    #expect(outside.diagnostics.map(\.id) == ["E0323"])
  }

  @Test func badPicturesAreErrorsAtTheStatement() {
    func ids(_ value: String) -> [String] {
      Self.render(#"image "{{ logo }}""#, ["logo": value]).diagnostics.map(\.id)
    }
    #expect(ids("data:image/png;base64,!!!!") == ["E0350"])
    #expect(ids("data:image/png;base64,iVBORw0KGgo=AAAA") == ["E0350"])
    #expect(ids("data:image/jpeg;base64,/9j/") == ["E0351"])
    #expect(ids("data:text/plain,hello") == ["E0351"])
    #expect(ids("") == ["E0353"])
    // Valid base64 of bytes that are not a PNG.
    #expect(ids("data:image/png;base64,SGVsbG8gd29ybGQ=") == ["E0323"])
    // The data's case of the scheme does not matter; the media type must be PNG.
    #expect(ids("DATA:image/PNG;base64," + Data(Self.logo).base64EncodedString()) == [])
  }

  @Test func aPictureFromDataKeepsItsOwnSizeWhenItFits() throws {
    // The 300-dot logo fits 58 mm paper (384 dots): printed at its own size.
    let result = Self.render(#"image "{{ logo }}" dither=threshold"#, ["logo": Self.uri])
    #expect(result.diagnostics.isEmpty)
    let image = try #require(Self.image(result))
    #expect(image.bitmap.width == 300)
    #expect(image.bitmap.height == 150)
  }

  @Test func strictBase64() {
    #expect(DataURI.base64(Array("U2xpcA==".utf8)) == Array("Slip".utf8))
    #expect(DataURI.base64(Array("U2xpcA".utf8)) == Array("Slip".utf8))
    #expect(DataURI.base64(Array("U2xpY2U".utf8)) == Array("Slice".utf8))
    #expect(DataURI.base64(Array("U".utf8)) == nil)
    #expect(DataURI.base64(Array("U2xp\ncA==".utf8)) == nil)
    #expect(DataURI.base64(Array("U2xpcA===".utf8)) == nil)
    #expect(DataURI.base64(Array("U2=xpcA".utf8)) == nil)
  }
}
