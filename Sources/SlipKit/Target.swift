import SlipESCPOS
import SlipZPL

/// What a rendering is written as.
public enum Target: Sendable, Equatable {
  /// ESC/POS bytes for a receipt printer: `profile` (nil: the generic printer of the template's
  /// paper), text with the lines no code page has as pictures, or the whole receipt as raster.
  /// A label prints as one picture of itself.
  case escpos(PrinterProfile? = nil, mode: PrintMode = .text)
  /// ZPL for a Zebra, with its job settings (copies, darkness, speed, media).
  case zpl(ZPLJobSettings = ZPLJobSettings())
  /// A receipt as plain text, as the paper shows it.
  case text
  /// The layout IR's text dump.
  case ir

  /// The target a template is written as when none is asked for: ZPL for labels, ESC/POS for
  /// receipts.
  public static func standard(isLabel: Bool) -> Target {
    isLabel ? .zpl() : .escpos()
  }

  /// The target's name on the command line and in the service's requests.
  public var name: String {
    switch self {
    case .escpos: "escpos"
    case .zpl: "zpl"
    case .text: "text"
    case .ir: "ir"
    }
  }
}

/// How previews are drawn: by the raster engine that prints, as `printer` prints a receipt in
/// `mode` (a label as a Zebra prints it, at the label's DPI).
public struct PreviewOptions: Sendable, Equatable {
  /// The receipt printer; nil: the ESC/POS target's printer, else the generic one of the paper.
  public var printer: PrinterProfile?
  /// Text, or the whole receipt as raster.
  public var mode: PrintMode

  /// Previews as `printer` prints in `mode`.
  public init(printer: PrinterProfile? = nil, mode: PrintMode = .text) {
    self.printer = printer
    self.mode = mode
  }
}
