extension PrinterProfile {
  /// The printers Slip knows without a profile file, by ID.
  public static let builtIn: [PrinterProfile] = [
    generic58, generic80, epsonTMT20III, epsonTMT88, xprinterXP80T, rongtaRP326,
  ]

  /// The built-in profile with this ID.
  public static func builtIn(id: String) -> PrinterProfile? {
    builtIn.first { $0.id == id }
  }

  /// The built-in profile for a template's paper when the user names no printer: the generic
  /// printer of that width.
  public static func generic(forPaper paper: String) -> PrinterProfile {
    paper == "80mm" ? generic80 : generic58
  }

  /// Whether this is one of the generic profiles, the printer of a paper when none is named.
  public var isGeneric: Bool { id == Self.generic58.id || id == Self.generic80.id }

  private static let fontA58 = FontMetrics(width: 12, height: 24, columns: 32)
  private static let fontB58 = FontMetrics(width: 9, height: 17, columns: 42)
  private static let fontA80 = FontMetrics(width: 12, height: 24, columns: 48)
  private static let fontB80 = FontMetrics(width: 9, height: 17, columns: 64)

  /// The `ESC t` numbers Epson and the ZiJiang-style clone firmwares agree on for the Latin and
  /// Cyrillic pages (Epson's ESC/POS reference; escpos-printer-db, CC-BY-4.0).
  private static let commonPages: [CodePageEntry] = [
    CodePageEntry(0, page("PC437")), CodePageEntry(2, page("PC850")), CodePageEntry(3, page("PC860")),
    CodePageEntry(4, page("PC863")), CodePageEntry(5, page("PC865")), CodePageEntry(16, page("WPC1252")),
    CodePageEntry(17, page("PC866")), CodePageEntry(18, page("PC852")), CodePageEntry(19, page("PC858")),
  ]

  private static func page(_ name: String) -> CodePage {
    guard let page = CodePage.named(name) else { preconditionFailure("no code page '\(name)'") }
    return page
  }

  /// The unbranded 58 mm printer sold as POS-5890, MTP-II, PT-210 and many more.
  public static let generic58 = PrinterProfile(
    id: "generic-58", name: "Generic 58 mm (POS-5890 class)",
    notes: "ZiJiang-style firmware: 384 dots at 203 dpi, 32/42 columns, a tear bar instead of a cutter, "
      + "no native barcodes or QR; the BLE service is the common 18F0/2AF1 pair",
    dpi: 203, dots: 384, fontA: fontA58, fontB: fontB58, codePages: commonPages,
    narrowPlacement: .left, cutter: Cutter(kinds: [], feedLines: 3), drawerPins: [2],
    images: ImageSupport(raster: true, column: false, graphics: false),
    symbols: SymbolSupport(barcodes: false, qrCode: false),
    transport: TransportHints(
      bleService: "000018F0-0000-1000-8000-00805F9B34FB", bleWrite: "00002AF1-0000-1000-8000-00805F9B34FB",
      chunkBytes: 20, pacingMilliseconds: 10))

  /// An unbranded 80 mm printer with an autocutter.
  public static let generic80 = PrinterProfile(
    id: "generic-80", name: "Generic 80 mm",
    notes: "576 dots at 203 dpi, 48/64 columns, full and partial cut; assumes only what 80 mm clones "
      + "commonly do (no native QR)",
    dpi: 203, dots: 576, fontA: fontA80, fontB: fontB80, codePages: commonPages,
    narrowPlacement: .left, cutter: Cutter(kinds: [.full, .partial], feedLines: 4), drawerPins: [2, 5],
    images: ImageSupport(raster: true, column: true, graphics: false),
    symbols: SymbolSupport(barcodes: true, qrCode: false),
    transport: TransportHints())

  /// Epson TM-T20III.
  public static let epsonTMT20III = PrinterProfile(
    id: "epson-tm-t20iii", name: "Epson TM-T20III",
    notes: "Epson TM-T20III technical reference: 576 dots at 203 dpi, 48/64 columns, partial cut only; "
      + "code pages as in emupos's verified profile (its Arabic pages are not used for text)",
    dpi: 203, dots: 576, fontA: fontA80, fontB: fontB80, codePages: commonPages,
    narrowPlacement: .center, cutter: Cutter(kinds: [.partial], feedLines: 4), drawerPins: [2, 5],
    images: ImageSupport(raster: true, column: true, graphics: true),
    symbols: SymbolSupport(barcodes: true, qrCode: true),
    transport: TransportHints())

  /// Epson TM-T88 (IV to VI) on 80 mm paper.
  public static let epsonTMT88 = PrinterProfile(
    id: "epson-tm-t88", name: "Epson TM-T88IV/V/VI",
    notes: "180 dpi, not 203: 512 dots on 80 mm paper, so 42/56 columns; a 48-column 80 mm template "
      + "does not fit (use 'receipt paper=80mm columns=42'); partial cut only",
    dpi: 180, dots: 512, fontA: FontMetrics(width: 12, height: 24, columns: 42),
    fontB: FontMetrics(width: 9, height: 17, columns: 56), codePages: commonPages,
    narrowPlacement: .center, cutter: Cutter(kinds: [.partial], feedLines: 3), drawerPins: [2, 5],
    images: ImageSupport(raster: true, column: true, graphics: true),
    symbols: SymbolSupport(barcodes: true, qrCode: true),
    transport: TransportHints())

  /// Xprinter XP-80T.
  public static let xprinterXP80T = PrinterProfile(
    id: "xprinter-xp80t", name: "Xprinter XP-80T",
    notes: "576 dots at 203 dpi, 48/64 columns; only PC437 is verified (as in emupos's profile): "
      + "add pages you have checked on the self-test page with --printer FILE",
    dpi: 203, dots: 576, fontA: fontA80, fontB: fontB80, codePages: [CodePageEntry(0, page("PC437"))],
    narrowPlacement: .left, cutter: Cutter(kinds: [.full, .partial], feedLines: 4), drawerPins: [2, 5],
    images: ImageSupport(raster: true, column: true, graphics: false),
    symbols: SymbolSupport(barcodes: true, qrCode: true),
    transport: TransportHints())

  /// Rongta RP326.
  public static let rongtaRP326 = PrinterProfile(
    id: "rongta-rp326", name: "Rongta RP326",
    notes: "576 dots at 203 dpi, 48/64 columns; code pages as in emupos's verified profile: the Arabic "
      + "ones serve only their Latin letters and symbols, and PC864 none",
    dpi: 203, dots: 576, fontA: fontA80, fontB: fontB80,
    codePages: [
      CodePageEntry(0, page("PC437")), CodePageEntry(22, page("PC864")), CodePageEntry(27, page("PC720")),
      CodePageEntry(34, page("WPC1256")),
    ],
    narrowPlacement: .center, cutter: Cutter(kinds: [.full, .partial], feedLines: 4), drawerPins: [2, 5],
    images: ImageSupport(raster: true, column: true, graphics: false),
    symbols: SymbolSupport(barcodes: true, qrCode: true),
    transport: TransportHints())
}
