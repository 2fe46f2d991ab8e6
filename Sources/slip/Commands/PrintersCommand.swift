import SlipCore
import SlipESCPOS
import SlipIR
import SlipSupport

/// `slip printers [PRINTER] [--json] [--code-pages]`.
struct PrintersCommand {
  static let usage = """
    USAGE: slip printers [PRINTER] [--json]
           slip printers --code-pages

    Lists the built-in printer profiles, one per line: the ID first, then what the printer
    can do. With a PRINTER (an ID or a profile file), shows that one in full.

    ARGUMENTS:
      PRINTER              a built-in ID (generic-58) or a profile file (./my-printer.json)

    OPTIONS:
      --json               print the profile as JSON: the format '--printer FILE' reads,
                           so a copy of a built-in is the start of your own
      --code-pages         list the code pages a profile may name
      -h, --help           show this help

    EXIT CODES:
      0 ok, 64 usage, 65 malformed profile, 66 missing profile file

    """

  static let spec = Arguments.Spec(
    command: "printers", valued: [], flags: [["--json"], ["--code-pages"], ["-h", "--help"]])

  let printer: String?
  let json: Bool
  let codePages: Bool

  /// Validates the command line.
  init(_ arguments: Arguments) throws(UsageError) {
    guard arguments.positionals.count <= 1 else {
      throw UsageError(message: "printers takes at most one printer", command: "printers")
    }
    printer = arguments.positionals.first
    json = arguments.flag("--json")
    codePages = arguments.flag("--code-pages")
    if json, printer == nil {
      throw UsageError(
        message: "'--json' needs the printer to print, such as 'generic-58'", command: "printers")
    }
  }

  /// Prints the list, one profile, or the code pages.
  func run() throws(CommandFailure) -> ExitCode {
    if codePages {
      for page in CodePage.all {
        Console.out("\(page.name.padding(12))\(page.title)\n")
      }
      return .ok
    }
    guard let printer else {
      for profile in PrinterProfile.builtIn {
        Console.out(Self.summary(profile) + "\n")
      }
      return .ok
    }
    let profile = try RenderSetup.profile(printer)
    Console.out(json ? profile.json : Self.details(profile))
    return .ok
  }

  /// One line: `generic-58 dots=384 dpi=203 columns=32/42 cutter=none …`.
  static func summary(_ profile: PrinterProfile) -> String {
    let columns = [profile.fontA.columns, profile.fontB?.columns].compactMap { $0 }.map(String.init)
    var words = [
      profile.id.padding(16), "dots=\(profile.dots)", "dpi=\(profile.dpi)",
      "columns=\(columns.joined(separator: "/"))",
      "cutter=\(profile.cutter.kinds.isEmpty ? "none" : profile.cutter.kinds.map(\.rawValue).joined(separator: "+"))",
      "feed=\(profile.cutter.feedLines)",
      "drawer=\(profile.drawerPins.isEmpty ? "none" : profile.drawerPins.map(String.init).joined(separator: "+"))",
      "images=\(imageWords(profile.images))", "barcodes=\(profile.symbols.barcodes ? "native" : "image")",
      "qr=\(profile.symbols.qrCode ? "native" : "image")", "narrow=\(profile.narrowPlacement.rawValue)",
    ]
    words.append("pages=" + profile.codePages.map { "\($0.number):\($0.page.name)" }.joined(separator: ","))
    if profile.transport.bleService != nil { words.append("ble") }
    return words.joined(separator: " ")
  }

  /// The whole profile for people.
  static func details(_ profile: PrinterProfile) -> String {
    var out = "\(profile.id): \(profile.name)\n"
    if !profile.notes.isEmpty { out += "  \(profile.notes)\n" }
    out += "  paper:      \(profile.dots) dots at \(profile.dpi) dpi\n"
    out += "  font A:     \(metrics(profile.fontA))\n"
    if let fontB = profile.fontB { out += "  font B:     \(metrics(fontB))\n" }
    out += "  narrower templates: \(profile.narrowPlacement == .center ? "centred" : "at the left edge")\n"
    let cuts = profile.cutter.kinds.map(\.rawValue).joined(separator: " and ")
    out += "  cutter:     \(cuts.isEmpty ? "none (tear bar)" : cuts + " cut"), "
    out += "feeds \(profile.cutter.feedLines) lines first\n"
    let pins = profile.drawerPins.map(String.init).joined(separator: " and ")
    let pinWord = profile.drawerPins.count == 1 ? "pin " : "pins "
    out += "  drawer:     \(pins.isEmpty ? "none" : pinWord + pins)\n"
    out += "  images:     \(imageWords(profile.images))\n"
    out += "  barcodes:   \(profile.symbols.barcodes ? "native" : "as images"); "
    out += "QR \(profile.symbols.qrCode ? "native" : "as images")\n"
    out += "  code pages:\n"
    for entry in profile.codePages {
      let use = entry.page.isEncodable ? "" : " (not used for text)"
      out +=
        "    ESC t \(String(entry.number).padding(4))\(entry.page.name.padding(11))\(entry.page.title)\(use)\n"
    }
    let transport = profile.transport
    if let service = transport.bleService {
      out += "  BLE:        service \(service), write \(transport.bleWrite ?? "?")\n"
    }
    if let chunk = transport.chunkBytes {
      out += "  sending:    \(chunk) bytes a write"
      out += transport.pacingMilliseconds.map { ", \($0) ms apart\n" } ?? "\n"
    }
    return out
  }

  private static func metrics(_ font: FontMetrics) -> String {
    "\(font.width)x\(font.height) dots, \(font.columns) columns"
  }

  private static func imageWords(_ images: ImageSupport) -> String {
    let kinds = [
      images.raster ? "raster" : nil, images.column ? "column" : nil, images.graphics ? "graphics" : nil,
    ]
    let list = kinds.compactMap { $0 }
    return list.isEmpty ? "none" : list.joined(separator: "+")
  }
}

extension String {
  /// The string padded with spaces to `width` characters, with at least one space after it.
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(1, width - count))
  }
}
