import SlipIR

/// What Slip knows about one printer model: geometry, fonts, code pages, paper handling and
/// the capabilities later backends ask about. Built-in profiles and a user's JSON file
/// (``PrinterProfile/init(json:source:)``) describe printers the same way.
public struct PrinterProfile: Sendable, Equatable {
  /// Short, stable identifier: `generic-58`, `epson-tm-t20iii`.
  public var id: String
  /// The model as people call it.
  public var name: String
  /// Where the facts come from and what is unverified.
  public var notes: String
  /// Resolution in dots per inch.
  public var dpi: Int
  /// Printable width in dots.
  public var dots: Int
  /// Font A, always present.
  public var fontA: FontMetrics
  /// Font B, when the printer has one.
  public var fontB: FontMetrics?
  /// The `ESC t` table: number → code page, in ascending number.
  public var codePages: [CodePageEntry]
  /// Where a template for narrower paper goes on this printer's paper.
  public var narrowPlacement: Placement
  /// The paper cutter.
  public var cutter: Cutter
  /// Drawer kick-out connector pins that `ESC p` can pulse (2 and/or 5); empty without a port.
  public var drawerPins: [Int]
  /// Image commands the printer runs.
  public var images: ImageSupport
  /// Symbols the printer draws itself.
  public var symbols: SymbolSupport
  /// How to talk to it, for the transport layer.
  public var transport: TransportHints

  /// A profile; see the properties for what each value means.
  public init(
    id: String, name: String, notes: String = "", dpi: Int, dots: Int, fontA: FontMetrics,
    fontB: FontMetrics?, codePages: [CodePageEntry], narrowPlacement: Placement, cutter: Cutter,
    drawerPins: [Int], images: ImageSupport, symbols: SymbolSupport, transport: TransportHints
  ) {
    self.id = id
    self.name = name
    self.notes = notes
    self.dpi = dpi
    self.dots = dots
    self.fontA = fontA
    self.fontB = fontB
    self.codePages = codePages.sorted { $0.number < $1.number }
    self.narrowPlacement = narrowPlacement
    self.cutter = cutter
    self.drawerPins = drawerPins
    self.images = images
    self.symbols = symbols
    self.transport = transport
  }

  /// The metrics of `font`, nil when the printer lacks it.
  public func metrics(_ font: Font) -> FontMetrics? {
    font == .a ? fontA : fontB
  }
}

/// A font's cell in dots and how many cells fit across the paper.
public struct FontMetrics: Sendable, Equatable {
  /// Cell width in dots.
  public var width: Int
  /// Cell height in dots.
  public var height: Int
  /// Characters per line at normal size.
  public var columns: Int

  /// Metrics of a `width`×`height` cell, `columns` to a line.
  public init(width: Int, height: Int, columns: Int) {
    self.width = width
    self.height = height
    self.columns = columns
  }
}

/// One row of the printer's `ESC t` table.
public struct CodePageEntry: Sendable, Equatable {
  /// The `n` of `ESC t n`.
  public var number: Int
  /// What the printer prints for bytes 0x80–0xFF after selecting it.
  public var page: CodePage

  /// Code page `page` selected by `ESC t number`.
  public init(_ number: Int, _ page: CodePage) {
    self.number = number
    self.page = page
  }
}

/// Horizontal placement of a template narrower than the paper.
public enum Placement: String, Sendable, Equatable, CaseIterable {
  /// At the left edge, as the printer would print it anyway.
  case left
  /// Centred with a left margin (`GS L`).
  case center
}

/// The paper cutter, or its absence.
public struct Cutter: Sendable, Equatable {
  /// Cuts the printer makes; empty when it has no cutter (a tear bar).
  public var kinds: [Cut.Kind]
  /// Lines to feed before cutting or tearing: the distance from the print head to the blade.
  public var feedLines: Int

  /// A cutter making `kinds` after feeding `feedLines`.
  public init(kinds: [Cut.Kind], feedLines: Int) {
    self.kinds = kinds
    self.feedLines = feedLines
  }
}

/// Image commands a printer runs.
public struct ImageSupport: Sendable, Equatable {
  /// `GS v 0` raster bit images.
  public var raster: Bool
  /// `ESC *` column bit images.
  public var column: Bool
  /// `GS ( L` graphics.
  public var graphics: Bool
  /// Most rows per `GS v 0` or `GS ( L` band: some printers corrupt what follows a taller image.
  public var bandRows: Int
  /// Whether whole receipts go as raster images, as `slip render --raster` sends them: for
  /// printers whose code pages are missing or wrong.
  public var rasterReceipts: Bool

  /// What the printer runs; 960-row bands are python-escpos's, which common printers take.
  public init(raster: Bool, column: Bool, graphics: Bool, bandRows: Int = 960, rasterReceipts: Bool = false) {
    self.raster = raster
    self.column = column
    self.graphics = graphics
    self.bandRows = bandRows
    self.rasterReceipts = rasterReceipts
  }
}

/// Symbols a printer draws from data (`GS k`, `GS ( k`) instead of receiving them as images.
public struct SymbolSupport: Sendable, Equatable {
  /// One-dimensional barcodes with `GS k`.
  public var barcodes: Bool
  /// QR codes with `GS ( k`.
  public var qrCode: Bool

  /// What the printer draws.
  public init(barcodes: Bool, qrCode: Bool) {
    self.barcodes = barcodes
    self.qrCode = qrCode
  }
}

/// How a transport should feed this printer; nothing here is used by the writer.
public struct TransportHints: Sendable, Equatable {
  /// Bluetooth LE GATT service UUID, when it speaks BLE.
  public var bleService: String?
  /// The characteristic to write print data to.
  public var bleWrite: String?
  /// Bytes per write.
  public var chunkBytes: Int?
  /// Milliseconds to wait between writes, so a small buffer never overflows.
  public var pacingMilliseconds: Int?

  /// Hints; nil means unknown.
  public init(
    bleService: String? = nil, bleWrite: String? = nil, chunkBytes: Int? = nil,
    pacingMilliseconds: Int? = nil
  ) {
    self.bleService = bleService
    self.bleWrite = bleWrite
    self.chunkBytes = chunkBytes
    self.pacingMilliseconds = pacingMilliseconds
  }
}
