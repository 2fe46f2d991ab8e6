import SlipIR
import SlipSupport

// Barcodes and QR codes: their settings, and their literal data encoded now.
extension Checker {
  /// MaxiCode's `mode=2|3|4|5|6` and, for modes 2 and 3 (the carriers' structured message), the
  /// primary message zint puts in the symbol's centre: `postcode=` (up to 9 digits in mode 2,
  /// up to 6 letters and digits in mode 3), `country=` and `service=` (3 digits each). Mode 2
  /// is the default with a numeric postcode, 3 with another one, 4 without.
  mutating func maxiCodeSettings(_ options: inout OptionReader, range: SourceRange) -> (Int, String?) {
    let postcode = options.text("postcode", expected: "up to 9 digits, or up to 6 letters and digits")
    let numeric = postcode.map { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isWholeNumber } } ?? false
    let mode =
      options.choice("mode", ["2", "3", "4", "5", "6"]).flatMap(Int.init)
      ?? (postcode == nil ? 4 : numeric ? 2 : 3)
    guard mode <= 3 else { return (mode, nil) }
    var parts: [String] = []
    let fields: [(name: String, value: String?, valid: (String) -> Bool, expected: String)] = [
      (
        "postcode", postcode,
        {
          mode == 2
            ? (1...9).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isWholeNumber }
            : (1...6).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isWholeNumber) }
        }, mode == 2 ? "up to 9 digits" : "up to 6 letters and digits"
      ),
      (
        "country", options.text("country", expected: "3 digits (ISO 3166)"),
        { $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isWholeNumber } }, "3 digits (ISO 3166)"
      ),
      (
        "service", options.text("service", expected: "3 digits"),
        { $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isWholeNumber } }, "3 digits"
      ),
    ]
    for field in fields {
      guard let value = field.value else {
        diagnostics.append(
          Diagnostic(
            .optionMissing(
              field.name, statement: "barcode maxicode", example: "postcode=152382802 country=840 service=001"
            ),
            at: range))
        return (mode, nil)
      }
      guard field.valid(value) else {
        options.reportValue(field.name, value, expected: field.expected)
        return (mode, nil)
      }
      parts.append(value)
    }
    // zint wants a mode 2 postcode nine digits long, padded with zeros in front.
    if mode == 2 { parts[0] = String(repeating: "0", count: 9 - parts[0].count) + parts[0] }
    return (mode, parts.joined())
  }

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
      accepts: (isQR
        ? ["size", "ecc"]
        : symbology == .maxicode ? ["mode", "postcode", "country", "service"] : ["height", "module", "hri"])
        + placement + (symbology == .pdf417 ? ["columns", "rows", "security"] : [])
        + (WideBars.symbologies.contains(symbology) ? ["ratio"] : [])
        + (symbology == .code128 ? ["check"] : [])
        + (label == nil ? [] : ["rotate"]))
    options.allowsComputed = label != nil
    defer {
      diagnostics += options.diagnostics
      computedOptions += options.computed
    }
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
        // In dots, or `15mm` as carriers give it.
        height: options.dots("height", dpi: label?.dpi ?? media.dpi, in: 8...1000) ?? 80,
        humanReadable: humanReadable,
        errorCorrection: nil, alignment: alignment, contentRange: statement.content.range)
    }
    spec.position = position
    if symbology == .pdf417 {
      spec.columns = options.integer("columns", in: 1...30)
      spec.rows = options.integer("rows", in: 3...90)
      spec.security = options.integer("security", in: 0...8)
    }
    spec.mod10 = options.choice("check", ["mod10"]) != nil
    if let ratio = options.choice("ratio", WideBars.ratios) {
      spec.ratioTenths = ratio == "2.5" ? 25 : (Int(ratio) ?? 3) * 10
      if ratio == "2.5", !spec.module.isMultiple(of: 2),
        let range = options.range(of: "module") ?? options.range(of: "ratio")
      {
        diagnostics.append(Diagnostic(.ratioNeedsEvenModule(spec.module), at: range))
      }
    }
    if symbology == .maxicode {
      // One size in dots: zint's drawing at the printer's resolution, a dot a pixel.
      spec.module = 1
      spec.humanReadable = .none
      spec.dpi = label?.dpi ?? media.dpi
      let (mode, primary) = maxiCodeSettings(&options, range: statement.range)
      // Modes 2 and 3 cannot be drawn without their primary message: its problem is reported.
      guard mode > 3 || primary != nil else { return nil }
      (spec.maxiCodeMode, spec.maxiCodePrimary) = (mode, primary)
    }
    if label != nil { spec.rotation = rotation(&options) }
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
          spec.symbology, data: try spec.encoded(TextWidth.normalized(data)), options: spec.encoding)
        let printed = spec.printed(modules)
        if position == nil, printed.modules.width * printed.module > media.widthDots {
          diagnostics.append(
            Diagnostic(
              .symbolTooWide(
                spec.symbology.rawValue, dots: printed.modules.width * printed.module, paper: media.widthDots),
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
