import SlipIR

/// Something the ESC/POS writer changed to make a document printable (`W06xx`).
public typealias ESCPOSWarning = BackendWarning

/// A document this printer cannot print at all (`E06xx`).
public typealias ESCPOSError = BackendError

// The writer's messages, alphabetical; nothing else in the module words a warning or error.
extension ESCPOSWarning {
  static func charactersWithoutCodePage(_ characters: [String], printer: String, at source: SourceSpan?)
    -> Self
  {
    let list = characters.map { character in
      let codes = character.unicodeScalars.map { "U+" + hex($0.value) }.joined(separator: " ")
      return "'\(character)' (\(codes))"
    }
    return Self(
      id: "W0601",
      message: "no code page of printer '\(printer)' has \(list.joined(separator: ", ")); printed as '?'",
      source: source)
  }

  static func controlCharactersRemoved(_ count: Int, at source: SourceSpan?) -> Self {
    Self(
      id: "W0602",
      message: "removed \(count) control character\(count == 1 ? "" : "s") from the text; "
        + "a printer would run \(count == 1 ? "it" : "them") as commands",
      source: source)
  }

  static func cutterMissing(printer: String, feedLines: Int, at source: SourceSpan?) -> Self {
    Self(
      id: "W0605",
      message:
        "printer '\(printer)' has no cutter; each cut feeds \(feedLines) line\(feedLines == 1 ? "" : "s") "
        + "for the paper to be torn off",
      source: source)
  }

  static func drawerPinMissing(_ pin: Int, printer: String, pins: [Int], at source: SourceSpan?) -> Self {
    let has =
      pins.isEmpty
      ? "no cash-drawer port"
      : "drawer pin\(pins.count == 1 ? "" : "s") \(pins.map(String.init).joined(separator: " and "))"
    return Self(
      id: "W0603",
      message: "printer '\(printer)' has \(has), not pin \(pin); the drawer kick is left out",
      source: source)
  }

  static func imageNotPrintable(_ name: String, printer: String, at source: SourceSpan?) -> Self {
    Self(
      id: "W0604",
      message:
        "printer '\(printer)' has no image command (raster, graphics or column); '\(name)' is left out",
      source: source)
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

extension ESCPOSError {
  static func fontMissing(_ font: Font, printer: String) -> Self {
    Self(
      id: "E0602",
      message: "the template uses font \(font.rawValue), which printer '\(printer)' does not have",
      help: "use font=A in the template, or a printer profile with font \(font.rawValue)")
  }

  static func imageTooWide(
    _ name: String, dots: Int, printer: String, printerDots: Int, at source: SourceSpan?
  ) -> Self {
    Self(
      id: "E0603",
      message: "image '\(name)' reaches \(dots) dots across; printer '\(printer)' prints \(printerDots)",
      help: "choose a wider printer, or give the image a width that fits (image \"\(name)\" width=...)",
      source: source)
  }

  /// A label wider than the receipt printer that would print it as a picture: cutting it would
  /// lose part of it.
  public static func labelTooWide(dots: Int, printer: PrinterProfile) -> Self {
    Self(
      id: "E0605",
      message: "the label is \(dots) dots wide; printer '\(printer.id)' prints \(printer.dots)",
      help: "print it on a Zebra ('--target zpl'), or make the label at most "
        + "\(printer.dots * 254 / (10 * max(1, printer.dpi)))mm wide for this printer")
  }

  static func noImageCommand(printer: String) -> Self {
    Self(
      id: "E0604",
      message:
        "printer '\(printer)' has no image command (raster, graphics or column), so it cannot print raster",
      help: "print in text mode, without '--raster'")
  }

  static func paperTooWide(
    paper: String, font: Font, mainFont: Bool, columns: Int, printer: String, printerColumns: Int,
    printerDots: Int
  ) -> Self {
    let layOut =
      mainFont
      ? "lay the template out for it: 'receipt paper=\(paper) columns=\(printerColumns)'"
      : "print the template's font \(font.rawValue) lines in its main font"
    return Self(
      id: "E0601",
      message: "the template is laid out for \(paper) paper, \(columns) columns of font \(font.rawValue); "
        + "printer '\(printer)' prints \(printerColumns) (\(printerDots) dots)",
      help: "choose a printer for \(paper) paper ('slip printers' lists them), or \(layOut)")
  }

  /// The raster engine's own error, unchanged.
  static func rasterFailed(_ error: BackendError) -> Self {
    Self(id: error.id, message: error.message, help: error.help)
  }
}
