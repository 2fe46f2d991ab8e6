import SlipIR

extension PrinterProfile {
  /// One line (`slip printers`): `generic-58 dots=384 dpi=203 columns=32/42 cutter=none …`.
  public var summary: String {
    let profile = self
    let columns = [profile.fontA.columns, profile.fontB?.columns].compactMap { $0 }.map(String.init)
    var words = [
      profile.id.padding(16), "dots=\(profile.dots)", "dpi=\(profile.dpi)",
      "columns=\(columns.joined(separator: "/"))",
      "cutter=\(profile.cutter.kinds.isEmpty ? "none" : profile.cutter.kinds.map({ $0.rawValue }).joined(separator: "+"))",
      "feed=\(profile.cutter.feedLines)",
      "drawer=\(profile.drawerPins.isEmpty ? "none" : profile.drawerPins.map(String.init).joined(separator: "+"))",
      "images=\(Self.imageWords(profile.images))",
      "barcodes=\(profile.symbols.barcodes ? "native" : "image")",
      "qr=\(profile.symbols.qrCode ? "native" : "image")", "narrow=\(profile.narrowPlacement.rawValue)",
    ]
    words.append("pages=" + profile.codePages.map { "\($0.number):\($0.page.name)" }.joined(separator: ","))
    if profile.transport.bleService != nil { words.append("ble") }
    return words.joined(separator: " ")
  }

  /// The whole profile for people (`slip printers ID`).
  public var details: String {
    let profile = self
    var out = "\(profile.id): \(profile.name)\n"
    if !profile.notes.isEmpty { out += "  \(profile.notes)\n" }
    out += "  paper:      \(profile.dots) dots at \(profile.dpi) dpi\n"
    out += "  font A:     \(Self.metrics(profile.fontA))\n"
    if let fontB = profile.fontB { out += "  font B:     \(Self.metrics(fontB))\n" }
    out += "  narrower templates: \(profile.narrowPlacement == .center ? "centred" : "at the left edge")\n"
    let cuts = profile.cutter.kinds.map({ $0.rawValue }).joined(separator: " and ")
    out += "  cutter:     \(cuts.isEmpty ? "none (tear bar)" : cuts + " cut"), "
    out += "feeds \(profile.cutter.feedLines) lines first\n"
    let pins = profile.drawerPins.map(String.init).joined(separator: " and ")
    let pinWord = profile.drawerPins.count == 1 ? "pin " : "pins "
    out += "  drawer:     \(pins.isEmpty ? "none" : pinWord + pins)\n"
    out += "  images:     \(Self.imageWords(profile.images))\n"
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
