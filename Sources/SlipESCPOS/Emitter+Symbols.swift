import SlipIR

// Barcodes and QR codes the printer draws itself, where the layout placed them.
extension Emitter {
  /// A symbol the printer draws itself, when its profile says it can and it would draw what the
  /// layout measured, where the layout placed it; false when it must go as raster.
  mutating func writeNatively(_ placed: SymbolBlock) -> Bool {
    placed.symbol.symbology == .qr ? writeQRCode(placed) : writeBarcode(placed)
  }

  /// A linear barcode by `GS k` function B (``NativeBarcode``): the same symbol characters as
  /// the layout's encoder chose, `GS w` its module (2–6 dots, what common printers take), `GS h`
  /// its height, the printer's own text off (`GS H 0`: the layout prints it as a line of its
  /// own). `ESC a` places it within the template's width where that puts it where the layout
  /// did; otherwise (the layout centres on the paper's width, the print area is the widest
  /// line's) it goes left-aligned with the left margin (`GS L`) moved by its `x` and put back.
  mutating func writeBarcode(_ placed: SymbolBlock) -> Bool {
    let symbol = placed.symbol
    let area = narrowsArea ? templateDots : profile.dots - margin
    guard profile.symbols.barcodes, symbol.symbology.isLinear, (2...6).contains(symbol.module),
      (1...255).contains(symbol.height), placed.x >= 0, placed.x + symbol.width <= area,
      margin + placed.x + symbol.width <= profile.dots, let barcode = NativeBarcode(symbol)
    else { return false }
    let base = margin
    let aligned = printedLeft(of: symbol.width, placed.alignment, in: area) == placed.x
    select(font: font, scale: scale, bold: nil, underline: underline, invert: false)
    narrowArea()
    justify(aligned ? placed.alignment : .left)
    if !aligned { setMargin(base + placed.x) }
    if barcodeHeight != symbol.height {
      command(Byte.groupSeparator, 0x68, UInt8(symbol.height))
      barcodeHeight = symbol.height
    }
    if barcodeModule != symbol.module {
      command(Byte.groupSeparator, 0x77, UInt8(symbol.module))
      barcodeModule = symbol.module
    }
    if !barcodeTextOff {
      command(Byte.groupSeparator, 0x48, 0)
      barcodeTextOff = true
    }
    command(Byte.groupSeparator, 0x6B, barcode.function, UInt8(barcode.data.count))
    bytes += barcode.data
    if !aligned { setMargin(base) }
    return true
  }

  /// Where `ESC a` puts a symbol `width` dots wide in a print area `area` dots wide.
  func printedLeft(of width: Int, _ alignment: Alignment, in area: Int) -> Int {
    switch alignment {
    case .left: 0
    case .center: (area - width) / 2
    case .right: area - width
    }
  }

  /// Whether symbols are placed in a print area as wide as the template (`GS W`) rather than
  /// the paper's.
  var narrowsArea: Bool { templateDots > 0 && templateDots < profile.dots - margin }

  /// `GS W`: the print area as wide as the template, when it is narrower than the paper.
  mutating func narrowArea() {
    if narrowsArea, areaWidth != templateDots {
      command(Byte.groupSeparator, 0x57, UInt8(templateDots & 0xFF), UInt8(templateDots >> 8))
      areaWidth = templateDots
    }
  }

  /// A QR code by the printer's own `GS ( k`, when the profile says it has one and the printer
  /// would draw what the layout measured: ASCII data (printers encode bytes, with no ECI for
  /// UTF-8, so a scanner might misread other text) and a module size the command takes. The
  /// printer places it with `ESC a` within a print area as wide as the template (`GS W`).
  mutating func writeQRCode(_ placed: SymbolBlock) -> Bool {
    let symbol = placed.symbol
    let levels = ["L", "M", "Q", "H"]
    let level = levels.firstIndex(of: symbol.errorCorrection ?? "M")
    let data = Array(symbol.data.utf8)
    guard profile.symbols.qrCode, symbol.symbology == .qr, let level, (1...16).contains(symbol.module),
      !data.isEmpty, data.count <= 2_000, data.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
    else { return false }
    narrowArea()
    justify(placed.alignment)
    command(Byte.groupSeparator, 0x28, 0x6B, 4)
    command(0, 49, 65, 50)  // fn 165: model 2
    bytes.append(0)
    command(Byte.groupSeparator, 0x28, 0x6B, 3)
    command(0, 49, 67, UInt8(symbol.module))  // fn 167: module size
    command(Byte.groupSeparator, 0x28, 0x6B, 3)
    command(0, 49, 69, UInt8(48 + level))  // fn 169: error correction
    let stored = data.count + 3
    command(Byte.groupSeparator, 0x28, 0x6B, UInt8(stored & 0xFF))
    command(UInt8(stored >> 8), 49, 80, 48)  // fn 180: store the data
    bytes += data
    command(Byte.groupSeparator, 0x28, 0x6B, 3)
    command(0, 49, 81, 48)  // fn 181: print it
    return true
  }
}
