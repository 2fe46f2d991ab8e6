/// Turns ESC/POS bytes into a listing a person can read and a reviewer can diff:
///
/// ```
/// ESC @              | init
/// GS ! 0x11          | size 2x2
/// "Kopi Senja"
/// LF                 | print line
/// ```
///
/// One command or text run a line, no byte offsets (so one inserted byte changes one line of a
/// diff, not every line after it). Text is decoded through the code page `ESC t` selected
/// (until `ESC @` resets the printer); bytes it cannot decode, and bytes above 0x7F before any
/// `ESC t`, appear as `\xNN`. Unknown and truncated commands are shown as hex.
/// Any bytes at all give a listing: the disassembler never traps.
public struct ESCPOSDisassembler: Sendable {
  /// The `ESC t` table used to decode text.
  public var codePages: [CodePageEntry]

  /// A disassembler decoding text with `codePages` (by default the common Epson numbering).
  public init(codePages: [CodePageEntry] = PrinterProfile.generic80.codePages) {
    self.codePages = codePages
  }

  /// The listing, one line per command or text run, each ending in a line break.
  public func listing(_ bytes: [UInt8]) -> String { disassemble(bytes).text }

  /// The listing and how many of its lines are unknown commands or control bytes.
  public func disassemble(_ bytes: [UInt8]) -> ESCPOSDisassembly {
    var state = ListingState(bytes: bytes, codePages: codePages)
    while state.offset < bytes.count {
      state.next()
    }
    state.flushText()
    return ESCPOSDisassembly(text: state.out, unknownCommands: state.unknown)
  }
}

/// What ``ESCPOSDisassembler/disassemble(_:)`` found.
public struct ESCPOSDisassembly: Sendable {
  /// The listing, one line per command or text run, each ending in a line break.
  public var text: String
  /// How many commands (or control bytes) no ESC/POS printer knows the listing shows as hex.
  public var unknownCommands: Int
}

/// The work of one listing.
private struct ListingState {
  let bytes: [UInt8]
  let codePages: [CodePageEntry]
  var offset = 0
  var out = ""
  /// Unknown commands and control bytes met.
  var unknown = 0
  private var page: CodePage?
  private var text = ""

  init(bytes: [UInt8], codePages: [CodePageEntry]) {
    self.bytes = bytes
    self.codePages = codePages
  }

  /// The byte `at` places after the current offset, if there is one.
  private func byte(_ at: Int) -> Int? {
    offset + at < bytes.count ? Int(bytes[offset + at]) : nil
  }

  private func word(_ at: Int) -> Int? {
    guard let low = byte(at), let high = byte(at + 1) else { return nil }
    return low + high << 8
  }

  mutating func flushText() {
    guard !text.isEmpty else { return }
    out += "\"\(text)\"\n"
    text = ""
  }

  private mutating func emit(_ length: Int, _ mnemonic: String, _ meaning: String) {
    flushText()
    let padded =
      mnemonic.count < 18 ? mnemonic + String(repeating: " ", count: 18 - mnemonic.count) : mnemonic
    out += "\(padded) | \(meaning)\n"
    offset += length
  }

  private mutating func hexLine(_ length: Int, _ meaning: String) {
    if meaning.hasPrefix("unknown") { unknown += 1 }
    let end = min(bytes.count, offset + length)
    let hex = bytes[offset..<end].map { Self.hex($0) }.joined(separator: " ")
    emit(end - offset, hex, meaning)
  }

  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }

  /// A command whose `needed` bytes are not all there: shown as hex, and the listing ends.
  private mutating func truncated(_ name: String, needed: Int) {
    hexLine(bytes.count - offset, "truncated \(name): \(needed - (bytes.count - offset)) more bytes expected")
  }

  /// Decodes one command or text byte at the offset.
  mutating func next() {
    let first = bytes[offset]
    if first >= 0x20 {
      appendText(first)
      offset += 1
      return
    }
    switch first {
    case 0x0A: emit(1, "LF", "print line")
    case 0x0D: emit(1, "CR", "carriage return")
    case 0x09: emit(1, "HT", "horizontal tab")
    case 0x0C: emit(1, "FF", "print page (page mode)")
    case 0x18: emit(1, "CAN", "cancel page data")
    case 0x1B: escape()
    case 0x1D: groupSeparator()
    case 0x1C: fileSeparator()
    case 0x10: dataLinkEscape()
    default: hexLine(1, "unknown control byte")
    }
  }

  private mutating func appendText(_ byte: UInt8) {
    switch byte {
    case 0x22: text += "\\\""
    case 0x5C: text += "\\\\"
    case 0x7F: text += "\\x7F"
    default:
      if let scalar = page?.character(for: byte) ?? (byte < 0x80 ? Unicode.Scalar(byte) : nil) {
        text.unicodeScalars.append(scalar)
      } else {
        text += "\\x" + Self.hex(byte)
      }
    }
  }

  // MARK: ESC

  private mutating func escape() {
    guard let code = byte(1) else { return truncated("ESC", needed: 2) }
    let name = "ESC \(Self.printable(code))"
    /// A command with `count` one-byte parameters described by `meaning`.
    func simple(_ count: Int, _ meaning: ([Int]) -> String) {
      guard offset + 2 + count <= bytes.count else { return truncated(name, needed: 2 + count) }
      let parameters = (0..<count).map { Int(bytes[offset + 2 + $0]) }
      emit(2 + count, ([name] + parameters.map(String.init)).joined(separator: " "), meaning(parameters))
    }
    switch code {
    case 0x40:
      // `ESC @` puts the printer back to its power-on code page, which its settings choose:
      // as at the start of a listing, none is assumed until the next `ESC t`.
      page = nil
      emit(2, name, "init")
    case 0x21:
      guard let n = byte(2) else { return truncated(name, needed: 3) }
      var modes = [n & 1 == 1 ? "font B" : "font A"]
      if n & 0x08 != 0 { modes.append("bold") }
      if n & 0x10 != 0 { modes.append("double height") }
      if n & 0x20 != 0 { modes.append("double width") }
      if n & 0x80 != 0 { modes.append("underline") }
      emit(3, "\(name) 0x\(Self.hex(UInt8(n)))", "print mode: " + modes.joined(separator: ", "))
    case 0x45: simple(1) { "bold \(Self.onOff($0[0]))" }
    case 0x47: simple(1) { "double strike \(Self.onOff($0[0]))" }
    case 0x2D:
      simple(1) { parameters in
        switch parameters[0] % 48 {
        case 0: "underline off"
        case 1: "underline 1 dot"
        case 2: "underline 2 dots"
        default: "underline (invalid \(parameters[0]))"
        }
      }
    case 0x4D: simple(1) { $0[0] % 48 == 0 ? "font A" : $0[0] % 48 == 1 ? "font B" : "font \($0[0])" }
    case 0x61:
      simple(1) { parameters in
        ["align left", "align center", "align right"].indices.contains(parameters[0] % 48)
          ? ["align left", "align center", "align right"][parameters[0] % 48]
          : "align (invalid \(parameters[0]))"
      }
    case 0x74:
      guard let n = byte(2) else { return truncated(name, needed: 3) }
      let entry = codePages.first { $0.number == n }
      page = entry?.page
      emit(
        3, "\(name) \(n)", "code page \(n)" + (entry.map { " (\($0.page.name))" } ?? " (not in the table)"))
    case 0x52: simple(1) { "international character set \($0[0])" }
    case 0x64: simple(1) { "feed \($0[0]) line\($0[0] == 1 ? "" : "s")" }
    case 0x65: simple(1) { "reverse feed \($0[0]) lines" }
    case 0x4A: simple(1) { "feed \($0[0]) dots" }
    case 0x32: emit(2, name, "default line spacing")
    case 0x33: simple(1) { "line spacing \($0[0]) dots" }
    case 0x20: simple(1) { "right-side character spacing \($0[0])" }
    case 0x24: simple(2) { "absolute position \($0[0] + $0[1] << 8)" }
    case 0x5C: simple(2) { "relative position \(Int16(bitPattern: UInt16($0[0] + $0[1] << 8)))" }
    case 0x70:
      simple(3) { parameters in
        let pin = parameters[0] % 48 == 0 ? "2" : parameters[0] % 48 == 1 ? "5" : "(invalid \(parameters[0]))"
        return "drawer kick pin \(pin), on \(parameters[1] * 2) ms, off \(parameters[2] * 2) ms"
      }
    case 0x7B: simple(1) { "upside-down \(Self.onOff($0[0]))" }
    case 0x56: simple(1) { "rotate 90° \(Self.onOff($0[0]))" }
    case 0x72: simple(1) { "colour \($0[0])" }
    case 0x25: simple(1) { "user-defined characters \(Self.onOff($0[0]))" }
    case 0x3F: simple(1) { "cancel user-defined character \($0[0])" }
    case 0x3D: simple(1) { "select peripheral \($0[0])" }
    case 0x55: simple(1) { "unidirectional printing \(Self.onOff($0[0]))" }
    case 0x4C: emit(2, name, "page mode")
    case 0x53: emit(2, name, "standard mode")
    case 0x54: simple(1) { "page mode direction \($0[0])" }
    case 0x57: simple(8) { "page mode area \($0.map(String.init).joined(separator: " "))" }
    case 0x69: emit(2, name, "full cut (obsolete)")
    case 0x6D: emit(2, name, "partial cut (obsolete)")
    case 0x75: simple(1) { "peripheral status (obsolete) \($0[0])" }
    case 0x76: emit(2, name, "paper status (obsolete)")
    case 0x63:
      guard let which = byte(2) else { return truncated(name, needed: 3) }
      guard let n = byte(3) else { return truncated(name, needed: 4) }
      emit(4, "ESC c \(Self.printable(which)) \(n)", "paper sensor or panel setting")
    case 0x44:
      var length = 2
      var stops: [Int] = []
      while offset + length < bytes.count, bytes[offset + length] != 0, stops.count < 32 {
        stops.append(Int(bytes[offset + length]))
        length += 1
      }
      if offset + length < bytes.count, bytes[offset + length] == 0 { length += 1 }
      emit(length, name + stops.map { " \($0)" }.joined() + " 0", "tab stops")
    case 0x2A:
      guard let m = byte(2), let columns = word(3) else { return truncated(name, needed: 5) }
      let size = columns * (m == 32 || m == 33 ? 3 : 1)
      dataCommand(header: 5, data: size, "\(name) \(m) \(columns)", "bit image mode \(m), \(columns) columns")
    case 0x26:
      guard let y = byte(2), let c1 = byte(3), let c2 = byte(4) else { return truncated(name, needed: 5) }
      var length = 5
      for _ in 0..<max(0, c2 - c1 + 1) {
        guard offset + length < bytes.count else { return truncated(name, needed: length + 1) }
        length += 1 + y * Int(bytes[offset + length])
      }
      guard offset + length <= bytes.count else { return truncated(name, needed: length) }
      emit(length, "\(name) \(y) \(c1) \(c2)", "define user characters \(c1)-\(c2)")
    default:
      hexLine(2, "unknown command")
    }
  }

  // MARK: GS

  private mutating func groupSeparator() {
    guard let code = byte(1) else { return truncated("GS", needed: 2) }
    let name = "GS \(Self.printable(code))"
    func simple(_ count: Int, _ meaning: ([Int]) -> String) {
      guard offset + 2 + count <= bytes.count else { return truncated(name, needed: 2 + count) }
      let parameters = (0..<count).map { Int(bytes[offset + 2 + $0]) }
      emit(2 + count, ([name] + parameters.map(String.init)).joined(separator: " "), meaning(parameters))
    }
    switch code {
    case 0x21:
      guard let n = byte(2) else { return truncated(name, needed: 3) }
      emit(3, "\(name) 0x\(Self.hex(UInt8(n)))", "size \((n >> 4 & 7) + 1)x\((n & 7) + 1)")
    case 0x42: simple(1) { "invert \(Self.onOff($0[0]))" }
    case 0x4C: simple(2) { "left margin \($0[0] + $0[1] << 8)" }
    case 0x57: simple(2) { "print area width \($0[0] + $0[1] << 8)" }
    case 0x50: simple(2) { "motion units \($0[0]) \($0[1])" }
    case 0x56:
      guard let m = byte(2) else { return truncated(name, needed: 3) }
      switch m {
      case 0, 48: emit(3, "\(name) \(m)", "full cut")
      case 1, 49: emit(3, "\(name) \(m)", "partial cut")
      case 65, 66, 97, 98, 103, 104:
        guard let n = byte(3) else { return truncated(name, needed: 4) }
        let kind = m % 2 == 1 ? "full" : "partial"
        emit(4, "\(name) \(m) \(n)", "feed \(n) and \(kind) cut")
      default: emit(3, "\(name) \(m)", "cut (invalid \(m))")
      }
    case 0x68: simple(1) { "barcode height \($0[0]) dots" }
    case 0x77: simple(1) { "barcode module width \($0[0])" }
    case 0x48: simple(1) { "barcode text position \($0[0] % 48)" }
    case 0x66: simple(1) { "barcode text font \($0[0] % 48 == 0 ? "A" : "B")" }
    case 0x62: simple(1) { "smoothing \(Self.onOff($0[0]))" }
    case 0x61: simple(1) { "automatic status back \($0[0])" }
    case 0x72: simple(1) { "transmit status \($0[0])" }
    case 0x49: simple(1) { "transmit printer ID \($0[0])" }
    case 0x2F: simple(1) { "print downloaded bit image mode \($0[0])" }
    case 0x3A: emit(2, name, "start or end macro definition")
    case 0x5E: simple(3) { "run macro \($0.map(String.init).joined(separator: " "))" }
    case 0x54: simple(1) { "move to line start \($0[0])" }
    case 0x24: simple(2) { "page mode vertical position \($0[0] + $0[1] << 8)" }
    case 0x5C: simple(2) { "page mode relative vertical position \($0[0] + $0[1] << 8)" }
    case 0x6B: barcode()
    case 0x76:
      guard byte(2) == 0x30 else { return hexLine(2, "unknown command") }
      guard let m = byte(3), let widthBytes = word(4), let height = word(6) else {
        return truncated("GS v 0", needed: 8)
      }
      dataCommand(
        header: 8, data: widthBytes * height, "GS v 0 \(m) \(widthBytes) \(height)",
        "raster image \(widthBytes * 8)x\(height) dots, scale mode \(m)")
    case 0x2A:
      guard let x = byte(2), let y = byte(3) else { return truncated(name, needed: 4) }
      dataCommand(
        header: 4, data: x * y * 8, "\(name) \(x) \(y)", "define downloaded bit image \(x * 8)x\(y * 8)")
    case 0x28:
      guard let function = byte(2), let length = word(3) else { return truncated(name, needed: 5) }
      extended(function: function, length: length)
    case 0x38:
      guard byte(2) == 0x4C else { return hexLine(2, "unknown command") }
      guard let low = word(3), let high = word(5) else { return truncated("GS 8 L", needed: 7) }
      dataCommand(header: 7, data: low + high << 16, "GS 8 L \(low + high << 16)", "graphics data (large)")
    default:
      hexLine(2, "unknown command")
    }
  }

  /// `GS k m …`: function A ends with NUL, function B gives the length.
  private mutating func barcode() {
    guard let m = byte(2) else { return truncated("GS k", needed: 3) }
    let names = [
      0: "UPC-A", 1: "UPC-E", 2: "EAN13", 3: "EAN8", 4: "CODE39", 5: "ITF", 6: "CODABAR", 65: "UPC-A",
      66: "UPC-E",
      67: "EAN13", 68: "EAN8", 69: "CODE39", 70: "ITF", 71: "CODABAR", 72: "CODE93", 73: "CODE128",
    ]
    let symbology = names[m] ?? "symbology \(m)"
    var data: ArraySlice<UInt8>
    var length: Int
    if m <= 6 {
      guard let end = bytes[(offset + 3)...].firstIndex(of: 0) else {
        return truncated("GS k", needed: bytes.count - offset + 1)
      }
      data = bytes[(offset + 3)..<end]
      length = end + 1 - offset
    } else {
      guard let n = byte(3) else { return truncated("GS k", needed: 4) }
      guard offset + 4 + n <= bytes.count else { return truncated("GS k", needed: 4 + n) }
      data = bytes[(offset + 4)..<(offset + 4 + n)]
      length = 4 + n
    }
    emit(length, "GS k \(m)", "barcode \(symbology) \(Self.quoted(data))")
  }

  /// `GS ( fn pL pH …`: QR codes (`GS ( k`) and graphics (`GS ( L`) in detail, others by name.
  private mutating func extended(function: Int, length: Int) {
    let total = 5 + length
    guard offset + total <= bytes.count else {
      return truncated("GS ( \(Self.printable(function))", needed: total)
    }
    let body = bytes[(offset + 5)..<(offset + total)]
    let mnemonic = "GS ( \(Self.printable(function)) \(length)"
    switch function {
    case 0x6B where body.count >= 2:
      let cn = Int(body[body.startIndex])
      let fn = Int(body[body.startIndex + 1])
      let argument = body.count >= 3 ? Int(body[body.startIndex + 2]) : nil
      let symbol = cn == 49 ? "QR" : cn == 48 ? "PDF417" : "2D symbol \(cn)"
      let meaning =
        switch (cn, fn) {
        case (49, 65): "\(symbol) model \(argument.map { String($0 - 48) } ?? "?")"
        case (49, 67): "\(symbol) module size \(argument ?? 0)"
        case (49, 69):
          "\(symbol) error correction \(argument.map { ["L", "M", "Q", "H"][safe: $0 - 48] ?? String($0) } ?? "?")"
        case (49, 80): "\(symbol) store \(Self.quoted(body.dropFirst(3)))"
        case (49, 81): "\(symbol) print"
        default: "\(symbol) function \(fn)"
        }
      emit(total, mnemonic + " \(cn) \(fn)", meaning)
    case 0x4C:
      let fn = body.count >= 2 ? Int(body[body.startIndex + 1]) : -1
      emit(total, mnemonic, "graphics function \(fn), \(length) bytes, fnv1a \(Self.fnv(body))")
    default:
      emit(total, mnemonic, "extended command, \(length) bytes")
    }
  }

  // MARK: FS and DLE

  private mutating func fileSeparator() {
    guard let code = byte(1) else { return truncated("FS", needed: 2) }
    let name = "FS \(Self.printable(code))"
    switch code {
    case 0x2E: emit(2, name, "cancel Kanji mode")
    case 0x26: emit(2, name, "Kanji mode")
    case 0x21, 0x2D, 0x43, 0x57:
      guard let n = byte(2) else { return truncated(name, needed: 3) }
      emit(3, "\(name) \(n)", "Kanji setting")
    case 0x70:
      guard let n = byte(2), let m = byte(3) else { return truncated(name, needed: 4) }
      emit(4, "\(name) \(n) \(m)", "print NV bit image \(n)")
    case 0x28:
      guard let function = byte(2), let length = word(3) else { return truncated(name, needed: 5) }
      guard offset + 5 + length <= bytes.count else { return truncated(name, needed: 5 + length) }
      emit(5 + length, "FS ( \(Self.printable(function)) \(length)", "extended command, \(length) bytes")
    default:
      hexLine(2, "unknown command")
    }
  }

  private mutating func dataLinkEscape() {
    guard let code = byte(1) else { return hexLine(1, "unknown control byte") }
    switch code {
    case 0x04:
      guard let n = byte(2) else { return truncated("DLE EOT", needed: 3) }
      if [7, 8, 18].contains(n) {
        guard let a = byte(3) else { return truncated("DLE EOT", needed: 4) }
        emit(4, "DLE EOT \(n) \(a)", "real-time status \(n)")
      } else {
        emit(3, "DLE EOT \(n)", "real-time status \(n)")
      }
    case 0x05:
      guard let n = byte(2) else { return truncated("DLE ENQ", needed: 3) }
      emit(3, "DLE ENQ \(n)", "real-time request \(n)")
    case 0x14:
      guard let fn = byte(2) else { return truncated("DLE DC4", needed: 3) }
      let count = [1: 2, 2: 2, 3: 5, 7: 1, 8: 7][fn] ?? 0
      guard offset + 3 + count <= bytes.count else { return truncated("DLE DC4", needed: 3 + count) }
      let parameters = (0..<count).map { String(bytes[offset + 3 + $0]) }
      let meaning =
        fn == 1 && count == 2
        ? "real-time drawer kick pin \(bytes[offset + 3] == 0 ? "2" : "5"), \(Int(bytes[offset + 4]) * 100) ms"
        : "real-time function \(fn)"
      emit(3 + count, (["DLE DC4", String(fn)] + parameters).joined(separator: " "), meaning)
    default:
      hexLine(1, "unknown control byte")
    }
  }

  // MARK: Helpers

  private mutating func dataCommand(header: Int, data: Int, _ mnemonic: String, _ meaning: String) {
    guard offset + header + data <= bytes.count else { return truncated(mnemonic, needed: header + data) }
    let body = bytes[(offset + header)..<(offset + header + data)]
    emit(header + data, mnemonic, "\(meaning), \(data) bytes, fnv1a \(Self.fnv(body))")
  }

  /// The command letter as Epson's references write it: `@`, `!`, `a`, or a number.
  static func printable(_ code: Int) -> String {
    code > 0x20 && code < 0x7F ? String(UnicodeScalar(UInt8(code))) : code == 0x20 ? "SP" : String(code)
  }

  static func onOff(_ n: Int) -> String { n & 1 == 1 ? "on" : "off" }

  /// Bytes as a quoted ASCII string, others as `\xNN`.
  static func quoted(_ data: ArraySlice<UInt8>) -> String {
    var out = "\""
    for byte in data {
      switch byte {
      case 0x22: out += "\\\""
      case 0x5C: out += "\\\\"
      case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(byte))
      default: out += "\\x" + hex(byte)
      }
    }
    return out + "\""
  }

  /// A short fingerprint of image data, so a changed image changes its listing line.
  static func fnv(_ data: ArraySlice<UInt8>) -> String {
    var hash: UInt32 = 0x811C_9DC5
    for byte in data {
      hash ^= UInt32(byte)
      hash = hash &* 0x0100_0193
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
