import SlipCore
import SlipESCPOS
import SlipIR
import SlipImages
import SlipPNG
import SlipRaster
import SlipSymbols
import SlipText
import SlipZPL
import SlipZlib

/// The one way to render: the compiler wired with the picture decoder, the symbol encoder and the
/// fonts of this machine, then the backend of a typed ``Target`` and, when asked, the previews,
/// drawn by the same raster engine that prints.
///
/// Everything comes back as values (a ``Rendering``): nothing is printed, nothing is kept between
/// calls but the fonts' glyphs, so one renderer serves a command line, a test, a server's threads
/// or an app.
public struct Renderer: Sendable {
  /// The clock and the limits renderings run with.
  public var options: RenderOptions
  /// The receipt raster engine: previews, raster mode, and the lines no code page has.
  private let rasterizer: Rasterizer
  /// Labels drawn as a Zebra prints them, and label text measured in the same face.
  private let labelRasterizer: LabelRasterizer
  /// Whether ESC/POS text no code page of the printer has goes as a picture of its line.
  private let textPictures: Bool

  /// A renderer with `options`, drawing with Debian's fonts. With `textPictures` false, ESC/POS
  /// text that no code page of the printer has prints as `?` with a warning (W0601), as a
  /// writer without fonts prints it, rather than as a picture of its line.
  public init(options: RenderOptions = RenderOptions(), textPictures: Bool = true) {
    self.options = options
    self.textPictures = textPictures
    rasterizer = Rasterizer()
    labelRasterizer = LabelRasterizer()
  }

  /// Deflates ZPL graphics into Z64 (zlib).
  static let zplCompressor = ZlibCompressor()

  /// Draws label lines that need shaping for the ZPL writer, as the preview does.
  var zplTextPictures: any TextPictures {
    TextPictureDrawer(rasterizer: labelRasterizer, receiptRasterizer: rasterizer)
  }

  /// The compiler as Slip uses it, reading includes and images through `loader`: pictures
  /// decoded by SlipImages, barcodes and QR codes drawn by zint, label text measured in the
  /// preview's label face.
  public func compiler(loader: (any TemplateLoader)?) -> Compiler {
    Compiler(
      loader: loader, imageDecoder: ImageFileDecoder(), symbolEncoder: ZintSymbolEncoder(),
      textMeasurer: LabelFontMeasurer(rasterizer: labelRasterizer),
      shapedTextMeasurer: ShapedLineMeasurer(rasterizer: rasterizer))
  }

  /// Compiles `template` once, for rendering with many data values (``render(_:data:target:previews:)-(CompiledTemplate,_,_,_)``).
  public func prepare(_ template: TemplateSource) -> Compiler.Preparation {
    compiler(loader: template.loader).prepare(template.file)
  }

  /// Compiles and checks `template`, and with `data` evaluates and lays it out: every problem up
  /// to the layout, writing nothing (`slip check`).
  public func check(_ template: TemplateSource, data: TemplateData = .none) -> Compiler.Result {
    let compiler = compiler(loader: template.loader)
    if case .none = data { return compiler.check(template.file) }
    let preparation = compiler.prepare(template.file)
    guard let compiled = preparation.template else {
      // The template's own problems, found once: checking it again would find the same.
      return Compiler.Result(
        document: nil, diagnostics: preparation.diagnostics, sources: preparation.sources)
    }
    return compile(compiled, data: data)
  }

  /// Renders `template` with `data` as `target` (nil: ZPL for labels, ESC/POS for receipts),
  /// drawing previews when `previews` is given.
  public func render(
    _ template: TemplateSource, data: TemplateData = .none, target: Target? = nil,
    previews: PreviewOptions? = nil
  ) -> Rendering {
    let preparation = prepare(template)
    guard let compiled = preparation.template else {
      return Rendering(
        document: nil, target: nil, bytes: [], previews: [], diagnostics: preparation.diagnostics,
        sources: preparation.sources)
    }
    return render(compiled, data: data, target: target, previews: previews)
  }

  /// Whether `target`'s printer draws the QR codes of `compiled` from their data (`^BQ`, or
  /// `GS ( k` on a receipt printer that has it, in text mode): then zint need not choose their
  /// masks, and they are only measured (``RenderOptions/printerDrawsQRCodes``).
  static func printerDrawsQRCodes(_ target: Target, of compiled: CompiledTemplate) -> Bool {
    switch target {
    case .zpl: true
    case .escpos(let profile, .text):
      !compiled.isLabel && (profile ?? PrinterProfile.generic(forPaper: compiled.media.paper)).symbols.qrCode
    case .escpos, .text, .ir: false
    }
  }

  /// Renders a compiled template with `data`, as ``render(_:data:target:previews:)-(Template,_,_,_)`` does.
  public func render(
    _ compiled: CompiledTemplate, data: TemplateData = .none, target: Target? = nil,
    previews: PreviewOptions? = nil
  ) -> Rendering {
    var renderer = self
    if previews == nil, Self.printerDrawsQRCodes(target ?? .standard(isLabel: compiled.isLabel), of: compiled)
    {
      renderer.options.printerDrawsQRCodes = true
    }
    if case .zpl(var settings) = target, let copies = settings.copies, copies > 1, compiled.numbersCopies {
      // Copies that differ (`copy`, `serial`) are labels of their own, each printed once.
      settings.copies = nil
      return renderer.renderCopies(
        compiled, data: data, count: copies, target: .zpl(settings), previews: previews)
    }
    return renderer.write(renderer.compile(compiled, data: data), target: target, previews: previews)
  }

  /// Copy 1 to `count` of a template that numbers its copies, one after the other: their bytes
  /// and previews in order, the first copy's warnings once, and the first error's copy alone.
  private func renderCopies(
    _ compiled: CompiledTemplate, data: TemplateData, count: Int, target: Target, previews: PreviewOptions?
  ) -> Rendering {
    var combined: Rendering?
    for number in 1...count {
      var copy = self
      copy.options.copy = CopyNumber(number, of: count)
      let rendering = copy.write(copy.compile(compiled, data: data), target: target, previews: previews)
      guard !rendering.hasErrors else { return rendering }
      if combined == nil {
        combined = rendering
      } else {
        combined?.bytes += rendering.bytes
        combined?.previews += rendering.previews
        combined?.document = rendering.document
      }
    }
    return combined ?? write(compile(compiled, data: data), target: target, previews: previews)
  }

  /// The document of a compilation written as `target`, with previews when asked for; a
  /// compilation with errors writes nothing.
  public func write(_ result: Compiler.Result, target: Target?, previews: PreviewOptions?) -> Rendering {
    var diagnostics = result.diagnostics
    guard let document = result.document else {
      return Rendering(
        document: nil, target: nil, bytes: [], previews: [], diagnostics: diagnostics, sources: result.sources
      )
    }
    if document.page != nil, let problem = labelFontProblem() {
      diagnostics.append(problem)
    }
    let target = target ?? .standard(isLabel: document.page != nil)
    do throws(BackendError) {
      let bytes = try self.bytes(of: document, as: target, diagnostics: &diagnostics, sources: result.sources)
      let pages = try previews.map { options throws(BackendError) in
        try self.previews(
          of: document, options: options, target: target, diagnostics: &diagnostics, sources: result.sources)
      }
      return Rendering(
        document: document, target: target, bytes: bytes, previews: pages ?? [], diagnostics: diagnostics,
        sources: result.sources)
    } catch {
      diagnostics.append(BackendDiagnostics.error(error, sources: result.sources))
      return Rendering(
        document: document, target: nil, bytes: [], previews: [], diagnostics: diagnostics,
        sources: result.sources)
    }
  }

  /// The error when a receipt does not fit `printer` (E0601), as the ESC/POS target reports it:
  /// the text view for a named printer is what that printer prints, so it is held to the same
  /// columns.
  public func fitProblem(of document: Document, on printer: PrinterProfile, sources: SourceFiles)
    -> Diagnostic?
  {
    guard document.page == nil else { return nil }
    do throws(BackendError) {
      _ = try ESCPOSWriter(profile: printer).emit(document)
      return nil
    } catch {
      return BackendDiagnostics.error(error, sources: sources)
    }
  }

  /// The compiled template evaluated and laid out with `data`.
  func compile(_ compiled: CompiledTemplate, data: TemplateData) -> Compiler.Result {
    switch data {
    case .none: compiled.render(JSONObject(), options: options)
    case .json(let file): compiled.render(json: file, options: options)
    case .object(let object): compiled.render(object, options: options)
    }
  }

  // MARK: Backends

  /// The bytes of `document` as `target`; the writer's warnings are added to `diagnostics`.
  func bytes(
    of document: Document, as target: Target, diagnostics: inout [Diagnostic], sources: SourceFiles
  ) throws(BackendError) -> [UInt8] {
    switch target {
    case .ir:
      return Array(document.dump().utf8)
    case .text:
      return Array(PlainTextWriter().write(document).utf8)
    case .zpl(let settings):
      let output = ZPLWriter(
        settings: settings, textPictures: zplTextPictures, compressor: Self.zplCompressor
      ).emit(document)
      diagnostics.merge(BackendDiagnostics.warnings(output.warnings, sources: sources))
      return output.bytes
    case .escpos(let chosen, let mode):
      let profile = chosen ?? PrinterProfile.generic(forPaper: document.media.paper)
      // A label prints as one picture of itself.
      let receipt = try receipt(of: document, for: profile, diagnostics: &diagnostics, sources: sources)
      let drawing = textPictures || mode == .raster ? rasterizer : nil
      let output = try ESCPOSWriter(profile: profile, rasterizer: drawing, mode: mode).emit(receipt)
      diagnostics.merge(BackendDiagnostics.warnings(output.warnings, sources: sources))
      return output.bytes
    }
  }

  /// The preview pages of `document`: a receipt as the printer prints it (the ESC/POS target's,
  /// unless `options` names one), a label as a Zebra prints it.
  func previews(
    of document: Document, options: PreviewOptions, target: Target, diagnostics: inout [Diagnostic],
    sources: SourceFiles
  ) throws(BackendError) -> [PreviewPage] {
    if let page = document.page {
      let drawn = try labelRasterizer.render(page)
      diagnostics.merge(BackendDiagnostics.warnings(drawn.warnings, sources: sources))
      return [try Self.page(drawn.bitmap, dpi: page.dpi)]
    }
    var profile = options.printer
    if profile == nil, case .escpos(let chosen, _) = target { profile = chosen }
    let printer = profile ?? PrinterProfile.generic(forPaper: document.media.paper)
    let output = try ESCPOSWriter(profile: printer, rasterizer: rasterizer, mode: options.mode).preview(
      document)
    diagnostics.merge(BackendDiagnostics.warnings(output.warnings, sources: sources))
    var pages: [PreviewPage] = []
    for page in output.pages {
      pages.append(try Self.page(page.bitmap, dpi: printer.dpi))
    }
    return pages
  }

  /// A label drawn as a Zebra prints it (also what a receipt printer prints of a label).
  public func drawLabel(_ page: LabelPage) throws(BackendError) -> RasterLabel {
    try labelRasterizer.render(page)
  }

  /// `document` itself when it is a receipt; for a label, a receipt of the label's picture with
  /// the paper cut after it. A label wider than the printer is refused: cutting it would lose
  /// part of it.
  private func receipt(
    of document: Document, for profile: PrinterProfile, diagnostics: inout [Diagnostic], sources: SourceFiles
  ) throws(BackendError) -> Document {
    guard let page = document.page else { return document }
    guard page.widthDots <= profile.dots else { throw .labelTooWide(dots: page.widthDots, printer: profile) }
    let drawn = try labelRasterizer.render(page)
    diagnostics.merge(BackendDiagnostics.warnings(drawn.warnings, sources: sources))
    let picture = ImageBlock(bitmap: drawn.bitmap, x: 0, alignment: .left, name: "label", source: nil)
    return Document(
      sources: document.sources, media: document.media,
      blocks: [.image(picture), .cut(Cut(kind: .partial, source: nil))])
  }

  /// A preview page with its PNG.
  private static func page(_ bitmap: Bitmap, dpi: Int) throws(BackendError) -> PreviewPage {
    do throws(PNGError) {
      return PreviewPage(bitmap: bitmap, dpi: dpi, png: try PNGEncoder().encode(bitmap, dpi: dpi))
    } catch {
      throw .previewNotEncoded(error.message)
    }
  }

  /// A warning when the label face is missing: label text is then measured approximately.
  func labelFontProblem() -> Diagnostic? {
    do throws(RasterError) {
      try labelRasterizer.prepare()
      return nil
    } catch {
      return Diagnostic(
        .labelTextMeasuredApproximately(error.message), at: nil, help: error.help.map { [$0] } ?? [])
    }
  }
}

/// Label text measured in the preview's label face (Liberation Sans Narrow Bold, close to Zebra's
/// font 0), so the compiler wraps and shrinks text to the widths the preview draws and a Zebra
/// prints (within a few percent). Without the face, the compiler's approximate widths are used;
/// the renderer warns of it (W0002).
/// Receipt text that needs shaping measured by the raster engine's HarfBuzz shaping, so the
/// layout wraps and aligns it to the dots the printer draws; cells when shaping fails (the
/// preview then reports the missing font).
final class ShapedLineMeasurer: ShapedTextMeasurer {
  let rasterizer: Rasterizer

  init(rasterizer: Rasterizer) { self.rasterizer = rasterizer }

  func width(of text: String, font: Font, direction: TextDirection) -> Int? {
    try? rasterizer.shapedWidth(of: text, font: font, direction: direction)
  }
}

/// Label and receipt lines Zebra's fonts cannot shape, drawn by the raster engine as the
/// previews draw them, for the ZPL writer's `^GFA` fields.
final class TextPictureDrawer: TextPictures {
  let rasterizer: LabelRasterizer
  let receiptRasterizer: Rasterizer

  init(rasterizer: LabelRasterizer, receiptRasterizer: Rasterizer) {
    self.rasterizer = rasterizer
    self.receiptRasterizer = receiptRasterizer
  }

  func picture(of line: LabelText.Line, height: Int) throws(BackendError) -> LabelImage? {
    guard let picture = try rasterizer.picture(of: line, height: height) else { return nil }
    return LabelImage(x: picture.x, y: picture.y, bitmap: picture.bitmap, name: "", source: nil)
  }

  func picture(of element: LabelElement) throws(BackendError) -> LabelImage? {
    guard let picture = try rasterizer.picture(of: element) else { return nil }
    return LabelImage(x: picture.x, y: picture.y, bitmap: picture.bitmap, name: "", source: nil)
  }

  func picture(of line: TextLine, width: Int) throws(BackendError) -> Bitmap? {
    guard line.runs.contains(where: { $0.border || TextShaping.needsShaping($0.text) }) else { return nil }
    return try receiptRasterizer.band(.text(line), width: width, lineSpacing: 30).bitmap
  }

  func picture(of band: Band, width: Int) throws(BackendError) -> Bitmap? {
    try receiptRasterizer.band(.band(band), width: width, lineSpacing: 30).bitmap
  }
}

final class LabelFontMeasurer: TextMeasurer {
  let rasterizer: LabelRasterizer

  init(rasterizer: LabelRasterizer) { self.rasterizer = rasterizer }

  func width(of text: String, height: Int) -> Int {
    do throws(RasterError) {
      return try rasterizer.width(of: text, height: height)
    } catch {
      return ApproximateTextMeasurer().width(of: text, height: height)
    }
  }

  /// Font 0's advances of printable ASCII, which never need the face (so never fail).
  var printableASCIIAdvances: [Int]? { LabelRasterizer.printableASCIIAdvances }

  func width(ofAdvance advance: Int, height: Int) -> Int {
    LabelRasterizer.width(ofAdvance: advance, height: height)
  }
}
