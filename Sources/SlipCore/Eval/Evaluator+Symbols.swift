import SlipIR

extension Evaluator {
  /// The modules of a QR code that was only measured (`measured`: modules of its size, drawn
  /// with the least work, for the printer draws it from its data): drawn as the encoder draws
  /// them when something reads them, a preview or a dump. Should the encoder fail on the data it
  /// has just measured, `measured` stands in: a code of the same size (blank, when the encoder
  /// knew its size without drawing it).
  func drawing(_ spec: SymbolSpec, data: String, measured: Bitmap) -> SymbolModules {
    guard let symbolEncoder else { return SymbolModules(measured) }
    return SymbolModules(columns: measured.width, rows: measured.height) {
      do throws(SymbolEncodeError) {
        return spec.printed(try symbolEncoder.encode(spec.symbology, data: data, options: spec.encoding))
          .modules
      } catch {
        return measured
      }
    }
  }
}
