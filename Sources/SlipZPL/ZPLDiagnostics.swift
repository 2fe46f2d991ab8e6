import SlipIR

/// Something the ZPL writer changed to make a document printable (`W09xx`).
public typealias ZPLWarning = BackendWarning

/// A request the ZPL writer cannot carry out (`E09xx`).
public typealias ZPLError = BackendError

// The writer's messages, alphabetical; nothing else in the module words a warning or error.
extension ZPLWarning {
  static func charactersWithoutGlyph(_ characters: [String], at source: SourceSpan?) -> Self {
    let list = characters.map { character in
      let codes = character.unicodeScalars.map { "U+" + hex($0.value) }.joined(separator: " ")
      return "'\(character)' (\(codes))"
    }
    return Self(
      id: "W0902",
      message: "Zebra's resident fonts have no \(list.joined(separator: ", ")); "
        + "the printer needs a downloaded font to print \(characters.count == 1 ? "it" : "them")",
      source: source)
  }

  static func controlCharactersRemoved(_ count: Int, at source: SourceSpan?) -> Self {
    Self(
      id: "W0901",
      message: "removed \(count) control character\(count == 1 ? "" : "s") from the text; "
        + "no printer font has glyphs for \(count == 1 ? "it" : "them")",
      source: source)
  }

  static func drawerKickLeftOut(at source: SourceSpan?) -> Self {
    Self(
      id: "W0903", message: "Zebra printers have no cash-drawer port; the drawer kick is left out",
      source: source)
  }

  static func symbolAsGraphic(_ symbology: Symbol.Symbology, reason: String, at source: SourceSpan?) -> Self {
    Self(
      id: "W0905",
      message: "the \(symbology.rawValue) symbol prints as a picture of its modules: \(reason)",
      source: source)
  }

  static func textMovedInside(x: Int, y: Int, at source: SourceSpan?) -> Self {
    Self(
      id: "W0904",
      message: "text starts outside the label at \(x),\(y); a ZPL field cannot, so it starts at "
        + "\(max(0, x)),\(max(0, y))",
      source: source)
  }

  static func textNotDrawn(_ reason: String, at source: SourceSpan?) -> Self {
    Self(
      id: "W0906",
      message: "text that needs shaping is sent as printer text, unshaped: \(reason)",
      source: source)
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

extension ZPLError {
  static func formatNameInvalid(_ name: String) -> Self {
    Self(
      id: "E0902",
      message: "'\(name)' cannot name a stored format: use 1 to 16 letters, digits or '_'",
      help: "for example --stored-format BADGE")
  }

  static func storedFormatForReceipt() -> Self {
    Self(
      id: "E0901",
      message: "stored formats are for labels; a receipt's length changes with its data",
      help: "print receipts without a stored format")
  }
}

/// Why a symbol prints as a picture of its modules (the reasons of W0905), alphabetically.
enum GraphicReason {
  static func controlCharacters() -> String { "its data has control characters" }
  static func crossesEdge() -> String { "it crosses the label's edge" }
  static func digitCount(_ digits: Int) -> String { "its data is not \(digits) or \(digits + 1) digits" }
  static func gs1Data() -> String {
    "ZPL's GS1 mode would choose its own code sets for the element strings"
  }
  static func moduleSize(_ module: Int) -> String {
    "ZPL draws symbols with modules of 1 to 10 dots, not \(module)"
  }
  static func noStartAndStop() -> String { "its data has no start and stop" }
  static func notASCII() -> String { "its text is not ASCII, which printers encode without saying how (ECI)" }
  static func notChecked() -> String {
    "its ZPL command is not yet known to draw the same bars as the encoder"
  }
  static func notCode128Bars() -> String {
    "its modules are not Code 128 bars that ZPL invocation codes can repeat"
  }
  static func ownRowsAndColumns() -> String { "a ZPL printer would choose its own rows and columns" }
  static func upcEForm() -> String { "ZPL's UPC-E command takes its data in another form" }
  static func wideBarRatio() -> String {
    "its wide bars are not 2 or 3 modules, the ratios ZPL draws exactly"
  }
}
