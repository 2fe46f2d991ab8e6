import Foundation
import SlipESCPOS
import SlipIR
import SlipKit
import SlipText

extension SlipService {
  /// The readable forms of a rendering the designer shows beside its preview: `listing` (the
  /// `slip disasm` listing of ESC/POS, or the ZPL itself), `text` (the receipt as plain text;
  /// null for a label) and `paper` (`{"millimetres", "dots", "dpi"}`: the paper's width and the
  /// printable dots, for the preview's frame).
  func readable(_ rendering: Rendering, printer: PrinterProfile?) -> [(String, JSONReply)] {
    guard let document = rendering.document else { return [] }
    var listing = String(decoding: rendering.bytes, as: UTF8.self)
    var text: String?
    let dpi = rendering.previews.first?.dpi ?? printer?.dpi ?? 203
    var dots = rendering.previews.first?.bitmap.width ?? printer?.dots ?? 0
    var millimetres: Double
    if let page = document.page {
      dots = page.widthDots
      millimetres = Double(page.widthDots) / Double(page.dpi) * 25.4
    } else {
      let profile = printer ?? PrinterProfile.generic(forPaper: document.media.paper)
      if case .escpos? = rendering.target {
        listing = ESCPOSDisassembler(codePages: profile.codePages).listing(rendering.bytes)
      }
      text = PlainTextWriter().write(document)
      // The printer's paper when one is named (an 80 mm printer prints a 58 mm receipt on
      // 80 mm paper), else the template's; the common roll widths leave 3 mm or more a side.
      let printable = Double(profile.dots) / Double(profile.dpi) * 25.4
      let template = Double(document.media.paper.prefix { $0.isNumber }) ?? printable
      millimetres =
        printer == nil ? template : [58.0, 80, 112].first { $0 >= printable + 6 } ?? printable
    }
    return [
      ("listing", .string(listing)), ("text", .string(text)),
      (
        "paper",
        .object([
          ("millimetres", .encoded(String(format: "%.1f", millimetres))), ("dots", .int(dots)),
          ("dpi", .int(dpi)),
        ])
      ),
    ]
  }
}
