import SlipIR
import SlipSupport

// Barcodes and QR codes: their settings, and their literal data encoded now.
extension Checker {
  /// `qr "…" size=N ecc=…` and `barcode TYPE "…" height=N module=N hri=…`: settings checked,
  /// literal data encoded now so `slip check` reports what cannot be encoded.
  mutating func checkSymbol(_ statement: SymbolStatement, media: ReceiptMedia) -> CheckedStatement? {
    let isQR = statement.symbology == "qr"
    let linearNames = Symbol.Symbology.allCases.filter { $0 != .qr }.map { $0.rawValue }
    guard let symbology = Symbol.Symbology(rawValue: statement.symbology), isQR || symbology != .qr else {
      var (help, fixIts) = Suggestion.didYouMean(
        statement.symbology, at: statement.symbologyRange, in: linearNames)
      // The list even beside a "did you mean": `gs1-128` is near no name, `code12` is a typo.
      help.append(Help.symbologies(linearNames))
      diagnostics.append(
        Diagnostic(
          .unknownSymbology(statement.symbology), at: statement.symbologyRange, help: help, fixIts: fixIts))
      return nil
    }
    checkText(statement.content)
    let placement = label == nil ? ["align"] : ["x", "y"]
    var options = OptionReader(
      statement.options, statement: isQR ? "qr" : "barcode",
      accepts: (isQR ? ["size", "ecc"] : ["height", "module", "hri"]) + placement)
    defer { diagnostics += options.diagnostics }
    var position: LabelPoint?
    if let label {
      position = labelPosition(
        &options, statement: isQR ? "qr" : "barcode", range: statement.range, dpi: label.dpi)
    }
    let alignment =
      options.choice("align", ["left", "center", "right"]).flatMap(Alignment.init(rawValue:)) ?? .left
    var spec: SymbolSpec
    if isQR {
      spec = SymbolSpec(
        symbology: .qr, module: options.integer("size", in: 1...16) ?? 4, height: 0, humanReadable: .none,
        errorCorrection: options.choice("ecc", ["L", "M", "Q", "H"]) ?? "M", alignment: alignment,
        contentRange: statement.content.range)
    } else {
      let humanReadable =
        options.choice("hri", ["none", "above", "below"]).flatMap(Symbol.HumanReadable.init(rawValue:))
        ?? .below
      spec = SymbolSpec(
        symbology: symbology, module: options.integer("module", in: 1...8) ?? 2,
        height: options.integer("height", in: 8...1000) ?? 80, humanReadable: humanReadable,
        errorCorrection: nil, alignment: alignment, contentRange: statement.content.range)
    }
    spec.position = position
    guard let symbolEncoder else {
      diagnostics.append(
        Diagnostic(
          .symbolEncoderMissing(), at: statement.range))
      return nil
    }
    var literal: Bitmap?
    if let data = statement.content.literalText {
      do throws(SymbolEncodeError) {
        let modules = try symbolEncoder.encode(
          spec.symbology, data: TextWidth.normalized(data), errorCorrection: spec.errorCorrection)
        if position == nil, modules.width * spec.module > media.widthDots {
          diagnostics.append(
            Diagnostic(
              .symbolTooWide(
                spec.symbology.rawValue, dots: modules.width * spec.module, paper: media.widthDots),
              at: statement.content.range))
          return nil
        }
        literal = modules
      } catch {
        diagnostics.append(
          Diagnostic(
            .symbolUnencodable(spec.symbology.rawValue, reason: error.message),
            at: statement.content.range))
        return nil
      }
    }
    return .symbol(spec, statement.content, literal: literal, statement.range)
  }
}
