import SlipIR

/// How a barcode or QR code becomes a ZPL field: a native symbol command when the printer draws
/// the same bars the encoder drew (or, for QR, the same data), a picture of the modules otherwise.
enum SymbolFields {
  /// A symbol's field, or why it is printed as a picture.
  enum Choice: Equatable {
    /// The commands after `^FO` and the field data.
    case field(commands: String, data: String)
    /// The reason the modules are printed as a `^GFA` picture.
    case graphic(reason: String)
  }

  /// The native field for `symbol`, when ZPL has one that prints it faithfully.
  static func native(_ symbol: Symbol) -> Choice {
    let module = symbol.module
    guard (1...10).contains(module) else {
      return .graphic(reason: GraphicReason.moduleSize(module))
    }
    guard FieldData.controlCharacters(in: symbol.data) == 0 else {
      return .graphic(reason: GraphicReason.controlCharacters())
    }
    let interpretation = interpretationFlags(symbol.humanReadable)
    let height = symbol.height
    switch symbol.symbology {
    case .code128:
      guard let data = Code128Fields.fieldData(modules: symbol.modules, text: symbol.data) else {
        return .graphic(reason: GraphicReason.notCode128Bars())
      }
      return .field(commands: "^BY\(module)^BCN,\(height),\(interpretation),N", data: data)
    case .qr:
      guard symbol.data.unicodeScalars.allSatisfy({ $0.isASCII }) else {
        // zint encodes other text as ISO-8859-1 or with ECI 26; printers would put UTF-8 bytes
        // in without an ECI, which scanners read as Shift-JIS.
        return .graphic(reason: GraphicReason.notASCII())
      }
      let level = symbol.errorCorrection ?? "M"
      return .field(commands: "^BY1,2,1^BQN,2,\(module)", data: "\(level)A,\(symbol.data)")
    case .ean13, .ean8, .upca:
      let digits = [Symbol.Symbology.ean13: 12, .ean8: 7, .upca: 11][symbol.symbology] ?? 12
      guard symbol.data.allSatisfy({ $0.isASCII }) && symbol.data.allSatisfy({ $0.isNumber }),
        symbol.data.count == digits || symbol.data.count == digits + 1
      else { return .graphic(reason: GraphicReason.digitCount(digits)) }
      // The printer adds the check digit itself.
      let data = String(symbol.data.prefix(digits))
      let command = [Symbol.Symbology.ean13: "^BE", .ean8: "^B8", .upca: "^BU"][symbol.symbology] ?? "^BE"
      return .field(commands: "^BY\(module)\(command)N,\(height),\(interpretation)", data: data)
    case .code39, .itf, .codabar:
      return twoWidths(symbol, interpretation: interpretation)
    case .upce:
      return .graphic(reason: GraphicReason.upcEForm())
    case .code93, .databar:
      // ^BA and ^BR exist, but their bars have not been held to zint's: the picture is exact.
      return .graphic(reason: GraphicReason.notChecked())
    case .pdf417, .datamatrix, .aztec, .gs1DataMatrix, .maxicode:
      return .graphic(reason: GraphicReason.ownRowsAndColumns())
    case .gs1128:
      return .graphic(reason: GraphicReason.gs1Data())
    }
  }

  /// Code 39, Interleaved 2 of 5 and Codabar: bars of two widths, whose ratio `^BY` sets.
  private static func twoWidths(_ symbol: Symbol, interpretation: String) -> Choice {
    guard let ratio = wideRatio(symbol.modules), (2...3).contains(ratio) else {
      return .graphic(reason: GraphicReason.wideBarRatio())
    }
    let by = "^BY\(symbol.module),\(ratio).0"
    switch symbol.symbology {
    case .code39:
      return .field(commands: "\(by)^B3N,N,\(symbol.height),\(interpretation)", data: symbol.data)
    case .itf:
      return .field(commands: "\(by)^B2N,\(symbol.height),\(interpretation),N", data: symbol.data)
    default:
      // Codabar's start and stop characters are parameters of ^BK, not data.
      let characters = Array(symbol.data)
      guard characters.count >= 2 else { return .graphic(reason: GraphicReason.noStartAndStop()) }
      let inner = String(characters[1..<(characters.count - 1)])
      return .field(
        commands:
          "\(by)^BKN,N,\(symbol.height),\(interpretation),\(characters[0]),\(characters[characters.count - 1])",
        data: inner)
    }
  }

  /// The width of the widest bar or space in modules, when the row has exactly two widths.
  static func wideRatio(_ modules: Bitmap) -> Int? {
    guard modules.width > 0, modules.height > 0 else { return nil }
    var widths: Set<Int> = []
    var length = 1
    for x in 1...modules.width {
      if x < modules.width, modules[x, 0] == modules[x - 1, 0] {
        length += 1
      } else {
        widths.insert(length)
        length = 1
      }
    }
    guard widths.count == 2, widths.min() == 1 else { return nil }
    return widths.max()
  }

  /// `^B…`'s "print interpretation line" and "above the code" flags.
  private static func interpretationFlags(_ humanReadable: Symbol.HumanReadable) -> String {
    switch humanReadable {
    case .none: "N,N"
    case .below: "Y,N"
    case .above: "Y,Y"
    }
  }

  /// The text under (or over) a linear symbol printed as a picture, in font 0 from its left
  /// edge: nil for 2D codes and symbols without it.
  static func humanReadable(_ symbol: Symbol, x: Int, y: Int) -> Field? {
    guard symbol.symbology.isLinear, symbol.humanReadable != .none, !symbol.data.isEmpty else { return nil }
    let size = max(16, 10 * symbol.module)
    let top = symbol.humanReadable == .below ? y + symbol.height + 2 : y - size - 2
    return Field(x: max(0, x), y: max(0, top), "^A0N,\(size),\(size)", data: symbol.humanReadableText)
  }
}
