import SlipCore
import SlipIR

/// What a rendering produced, as values: the printer's bytes, the preview pages, and every
/// diagnostic of every stage (compiler, backends, previews) with its place in the templates.
public struct Rendering: Sendable {
  /// The laid-out document; nil when the template or data had errors.
  public var document: Document?
  /// What the bytes are; nil when nothing was written.
  public var target: Target?
  /// The target's bytes; empty when there were errors.
  public var bytes: [UInt8]
  /// The preview pages, one per cut (a label is one page), when previews were asked for.
  public var previews: [PreviewPage]
  /// Errors and warnings of every stage, in the order found.
  public var diagnostics: [Diagnostic]
  /// The files the diagnostics point into: the template, its includes and the data.
  public var sources: SourceFiles

  /// A rendering of these values.
  public init(
    document: Document?, target: Target?, bytes: [UInt8], previews: [PreviewPage], diagnostics: [Diagnostic],
    sources: SourceFiles
  ) {
    self.document = document
    self.target = target
    self.bytes = bytes
    self.previews = previews
    self.diagnostics = diagnostics
    self.sources = sources
  }

  /// Whether any stage reported an error (then ``bytes`` and ``previews`` are empty).
  public var hasErrors: Bool { diagnostics.hasErrors }
}

/// A preview page: the 1-bit picture the printer prints, at its resolution, and as PNG bytes.
public struct PreviewPage: Sendable, Equatable {
  /// The page's dots: black where the printer burns.
  public var bitmap: Bitmap
  /// The printer's dots per inch, which the PNG carries.
  public var dpi: Int
  /// The page as a 1-bit PNG.
  public var png: [UInt8]

  /// A page of `bitmap` at `dpi`, encoded as `png`.
  public init(bitmap: Bitmap, dpi: Int, png: [UInt8]) {
    self.bitmap = bitmap
    self.dpi = dpi
    self.png = png
  }
}
