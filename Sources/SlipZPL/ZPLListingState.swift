/// What a printer remembers while it reads a format, as far as the listing needs it to say what
/// a command does: the `^CI` character set, the `^FH` escape of the field, the `^BY` and `^CF`
/// defaults, and the unknown commands met so far.
///
/// Parameter meanings are the ZPL II Programming Guide's (Zebra, part 45541L-002).
struct ZPLListingState {
  /// Inflates Z64 graphics; nil: they are not decoded.
  let compressor: (any ZPLCompressor)?

  /// A printer that has read nothing yet.
  init(compressor: (any ZPLCompressor)?) {
    self.compressor = compressor
  }
  private var characterSet = ZPLCharacterSet.printerDefault
  /// The escape character `^FH` set for this field, until `^FS`.
  private var escape: UInt8?
  /// `^BY`'s bar code height (the guide's default: 10 dots).
  private var barcodeHeight = "10"
  /// `^CF`'s font height, when set.
  private var defaultFontHeight: String?
  /// The commands not in the guide.
  private(set) var unknown: [ZPLListing.UnknownCommand] = []

  /// What `command` does, in a few words; nil or empty when it says nothing worth a word.
  mutating func words(_ command: ZPLScanner.Command) -> String? {
    let fields = command.fields.map({ $0.trimmingSpaces })
    func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
    let text = command.text.trimmingSpaces
    switch command.name {
    case "^XA": return "label"
    case "^XZ": return "end of label"
    case "^FS":
      escape = nil
      return nil
    case "^FO": return "at \(field(0)),\(field(1))" + Self.justification(field(2))
    case "^FT":
      return fields.allSatisfy({ $0.isEmpty })
        ? "typeset after the previous field"
        : "typeset at \(field(0)),\(field(1))" + Self.justification(field(2))
    case "^A": return font(command)
    case "^CF":
      if !field(1).isEmpty { defaultFontHeight = field(1) }
      return "default font \(field(0))" + (field(1).isEmpty ? "" : " height \(field(1))")
        + (field(2).isEmpty ? "" : " width \(field(2))")
    case "^FW": return "fields " + Self.orientation(field(0), normal: "normal")
    case "^FB": return block(fields)
    case "^FH":
      let given = command.parameters.first { $0 != 0x20 }
      escape = given ?? UInt8(ascii: "_")
      return given == nil || given == UInt8(ascii: "_") ? nil : "hex escapes with '\(ascii([given!][...]))'"
    case "^FD": return data(command.parameters)
    case "^FV": return "variable " + data(command.parameters)
    case "^FX": return "comment"
    case "^FN": return "field \(text)"
    case "^FR": return "reversed"
    case "^FP":
      let direction = ["V": "vertical, ", "R": "reverse, "][field(0)] ?? ""
      return direction + "spacing +\(field(1).isEmpty ? "0" : field(1))"
    case "^GB": return box(fields)
    case "^GC":
      return "circle d=\(field(0))" + (field(1).isEmpty ? "" : " border=\(field(1))") + Self.colour(field(2))
    case "^GD": return "diagonal \(field(0))x\(field(1))" + (field(2).isEmpty ? "" : " border=\(field(2))")
    case "^GE":
      return "ellipse \(field(0))x\(field(1))" + (field(2).isEmpty ? "" : " border=\(field(2))")
        + Self.colour(field(3))
    case "^GF": return "graphic " + graphic(command)
    case "^GS": return "graphic symbol height \(field(1)) width \(field(2))"
    case "^BY":
      if !field(2).isEmpty { barcodeHeight = field(2) }
      return "module \(field(0))" + (field(1).isEmpty ? "" : " ratio \(field(1))")
        + (field(2).isEmpty ? "" : " height \(field(2))")
    case "^B0", "^B1", "^B2", "^B3", "^B4", "^B5", "^B7", "^B8", "^B9", "^BA", "^BB", "^BC", "^BD", "^BE",
      "^BF",
      "^BI", "^BJ", "^BK", "^BL", "^BM", "^BO", "^BP", "^BQ", "^BR", "^BS", "^BT", "^BU", "^BX", "^BZ":
      return barcode(command.name, fields)
    case "^PW": return "width \(text)"
    case "^LL": return "length \(field(0))"
    case "^LH": return "home \(field(0)),\(field(1))"
    case "^LS": return "shift \(text)"
    case "^LT": return "top \(text)"
    case "^LR": return "reverse print " + (text == "Y" ? "on" : "off")
    case "^PO": return "print orientation " + (text == "I" ? "inverted 180°" : "normal")
    case "^PM": return "mirror image " + (text == "Y" ? "on" : "off")
    case "^CI": return selectCharacterSet(fields)
    case "^CC", "~CC": return "prefix '^' is now '\(text)'"
    case "^CT", "~CT": return "prefix '~' is now '\(text)'"
    case "^CD", "~CD": return "delimiter is now '\(text)'"
    case "^MN":
      let media = [
        "N": "continuous", "Y": "gap", "W": "gap", "M": "mark", "A": "auto-detected",
        "V": "continuous, variable length",
      ]
      return media[field(0)].map { "media " + $0 } ?? "media '\(field(0))' (not a ^MN value)"
    case "^MM":
      let modes = [
        "T": "tear-off", "P": "peel-off", "R": "rewind", "A": "applicator", "C": "cutter",
        "D": "delayed cutter",
        "F": "RFID", "K": "kiosk", "L": "linerless peel", "U": "linerless rewind",
      ]
      return modes[field(0)].map { "print mode " + $0 } ?? "print mode '\(field(0))' (not a ^MM value)"
    case "^MT": return ["T": "thermal transfer", "D": "direct thermal"][text] ?? "media type '\(text)'"
    case "^MD": return "darkness \(text.hasPrefix("-") ? text : "+" + text)"
    case "~SD": return "darkness \(text)"
    case "^PR":
      return "speed \(field(0))" + (field(1).isEmpty ? "" : " slew \(field(1))")
        + (field(2).isEmpty ? "" : " backfeed \(field(2))")
    case "^PQ": return quantity(fields)
    case "^DF": return "store format \(text)"
    case "^XF": return "recall format \(text)"
    case "^XG":
      let scale = field(1).isEmpty && field(2).isEmpty ? "" : " magnified \(field(1))x\(field(2))"
      return "recall graphic \(field(0))" + scale
    case "^ID", "~EG": return command.name == "~EG" ? "erase graphics" : "delete \(text)"
    case "^IM": return "move image \(text)"
    case "^IL": return "load image \(text)"
    case "^IS": return "save label as \(text)"
    case "~DG": return "store graphic \(field(0)) " + graphic(command)
    case "~DY": return "store \(field(0)) " + object(command)
    case "~DU", "~DT", "~DS", "~DE":
      let kind = [
        "~DU": "unbounded TrueType font", "~DT": "TrueType font", "~DS": "scalable font",
        "~DE": "encoding table",
      ][command.name]!
      return "store \(kind) \(field(0)), " + Self.hexBytes(command, sizes: 2, total: field(1))
    case "~DB": return "store bitmap font \(field(0))"
    case "^SN": return "serial number from \(field(0)) step \(field(1).isEmpty ? "1" : field(1))"
    case "^SF": return "serialize '\(field(0))' step \(field(1))"
    case "^MU": return "units " + (["D": "dots", "I": "inches", "M": "millimetres"][field(0)] ?? field(0))
    case "^JM": return text == "B" ? "half dots per mm" : "full dots per mm"
    case "^XB": return "no backfeed"
    case "^PF": return "slew \(text) dot rows"
    default:
      if let title = ZPLCommandCatalog.titles[command.name] { return title }
      unknown.append(.init(name: command.written, line: command.line, column: command.column))
      return "unknown command"
    }
  }

  // MARK: Fonts and fields

  /// `^Afo,h,w` (`^A@o,h,w,d:f.x`): the font letter comes before the orientation.
  private func font(_ command: ZPLScanner.Command) -> String {
    guard let letter = command.parameters.first else { return "font (none named)" }
    let rest = ZPLScanner.Command(
      name: "", written: "", parameters: Array(command.parameters.dropFirst()), delimiter: command.delimiter,
      line: 0, column: 0, endsLine: false
    ).fields.map({ $0.trimmingSpaces })
    func field(_ index: Int) -> String { index < rest.count ? rest[index] : "" }
    let name = letter == UInt8(ascii: "@") ? field(3) : ascii([letter][...]).uppercased()
    let rotation = Self.orientation(field(0), normal: "")
    let turned = rotation.isEmpty ? "" : " " + rotation
    // Bitmap fonts A–H have fixed cells: the listing says the cell.
    if name.count == 1, let letter = name.first, "ABCDEFGH".contains(letter), !field(1).isEmpty,
      !field(2).isEmpty
    {
      return "font \(name)\(turned) \(field(2))x\(field(1))"
    }
    let height = field(1).isEmpty ? defaultFontHeight.map { "\($0) (^CF)" } ?? "from ^CF" : field(1)
    let width = field(2).isEmpty || field(2) == field(1) ? "" : " width \(field(2))"
    return "font \(name)\(turned) height \(height)\(width)"
  }

  /// `^FBw,lines,spacing,justification,indent`.
  private func block(_ fields: [String]) -> String {
    func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
    var words = "block \(field(0).isEmpty ? "0" : field(0)) wide, \(field(1).isEmpty ? "1" : field(1)) line"
    if field(1) != "" && field(1) != "1" { words += "s" }
    if !field(2).isEmpty, field(2) != "0" {
      words += ", line spacing \(field(2).hasPrefix("-") ? "" : "+")\(field(2))"
    }
    if let justified = ["C": "centred", "R": "right-aligned", "J": "justified"][field(3)] {
      words += ", " + justified
    }
    if !field(4).isEmpty, field(4) != "0" { words += ", indent \(field(4))" }
    return words
  }

  /// Field data as the printer reads it: `^FH` escapes decoded, then the `^CI` set applied.
  /// UTF-8 in a single-byte set is flagged: it prints as mojibake.
  private func data(_ raw: [UInt8]) -> String {
    var bytes = raw
    if let escape { bytes = Self.unescape(raw, escape: escape) }
    let pieces = characterSet.decode(bytes)
    let text = ZPLListing.cut(quoted(pieces), bytes.count)
    if characterSet == .utf8, pieces.contains(where: { if case .byte = $0 { true } else { false } }) {
      return text + ", not UTF-8"
    }
    guard case .singleByte = characterSet, ZPLCharacterSet.looksLikeUTF8(bytes) else { return text }
    let meant = ZPLListing.cut(quoted(ZPLCharacterSet.utf8.decode(bytes)), bytes.count)
    return text + ", UTF-8 data without ^CI28 (meant \(meant)?)"
  }

  /// `^FH` data with its escapes (the escape character and two hex digits) decoded.
  static func unescape(_ source: [UInt8], escape: UInt8) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = 0
    func digit(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 0x30
      case UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "a")...UInt8(ascii: "f"):
        (byte | 0x20) - 0x61 + 10
      default: nil
      }
    }
    while index < source.count {
      if source[index] == escape, index + 2 < source.count, let high = digit(source[index + 1]),
        let low = digit(source[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(source[index])
        index += 1
      }
    }
    return bytes
  }

  /// `^CIa,s1,d1,…`: the set, and how many characters it remaps.
  private mutating func selectCharacterSet(_ fields: [String]) -> String {
    guard let number = Int(fields[0]), let set = ZPLCharacterSet(number: number) else {
      return "character set '\(fields[0])' (not a ^CI value)"
    }
    characterSet = set
    let remaps = (fields.count - 1) / 2
    let name = number == 28 ? "UTF-8" : "character set \(number) (\(ZPLCharacterSet.name(number)))"
    return name + (remaps > 0 ? ", \(remaps) character\(remaps == 1 ? "" : "s") remapped" : "")
  }

  /// `^PQq,p,r,o`.
  private func quantity(_ fields: [String]) -> String {
    func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
    var words = "\(field(0).isEmpty ? "1" : field(0)) cop\(field(0) == "1" ? "y" : "ies")"
    if let pause = Int(field(1)), pause > 0 { words += ", pause every \(pause)" }
    if let replicates = Int(field(2)), replicates > 0 {
      words += ", \(replicates) replicates of each serial number"
    }
    if field(3) == "Y" { words += ", no pauses" }
    return words
  }

  // MARK: Shapes and pictures

  private func box(_ fields: [String]) -> String {
    guard fields.count >= 3, let width = Int(fields[0]), let height = Int(fields[1]),
      let border = Int(fields[2])
    else { return "box" }
    var words =
      border >= min(width, height) ? "filled \(width)x\(height)" : "box \(width)x\(height) border=\(border)"
    words += Self.colour(fields.count > 3 ? fields[3] : "")
    if fields.count > 4, let rounding = Int(fields[4]), rounding > 0 { words += " rounding=\(rounding)" }
    return words
  }

  /// `^GFa,count,total,row,data` and `~DGd:o.x,total,row,data`.
  private func graphic(_ command: ZPLScanner.Command) -> String {
    let fields = command.fields
    if command.name == "^GF" {
      guard fields.count >= 5 else { return "(sizes missing)" }
      switch fields[0] {
      case "A", "":
        return ZPLGraphicData.summary(
          Self.data(command, after: 4), total: fields[2], row: fields[3], compressor: compressor)
      case "B":
        guard command.missingBinary == 0 else { return "binary data \(command.missingBinary) bytes short" }
        return ZPLGraphicData.summary(command.binary ?? [], total: fields[2], row: fields[3], binary: true)
      case "C": return "compressed binary, \(command.binary?.count ?? 0) bytes (not decoded)"
      default: return "format '\(fields[0])' (not A, B or C)"
      }
    }
    guard fields.count >= 4 else { return "(sizes missing)" }
    return ZPLGraphicData.summary(
      Self.data(command, after: 3), total: fields[1], row: fields[2], compressor: compressor)
  }

  /// `~DYd:f,b,x,t,w,data`: a picture (`.GRF`), a PNG, or another object by its size.
  private func object(_ command: ZPLScanner.Command) -> String {
    let fields = command.fields
    guard fields.count >= 6 else { return "(sizes missing)" }
    let (format, kind, total, row) = (fields[1], fields[2], fields[3], fields[4])
    switch format {
    case "B" where kind == "G" || kind == "":
      guard command.missingBinary == 0 else {
        return "graphic: binary data \(command.missingBinary) bytes short"
      }
      return "graphic " + ZPLGraphicData.summary(command.binary ?? [], total: total, row: row, binary: true)
    case "A" where kind == "G" || kind == "":
      return "graphic "
        + ZPLGraphicData.summary(
          Self.data(command, after: 5), total: total, row: row, compressor: compressor)
    case "P":
      let text = Self.data(command, after: 5)
      guard let size = Int(total), size > 0, size <= ZPLListing.maximumGraphicBytes else {
        return "PNG of '\(total)' bytes (not a size up to 64 MiB)"
      }
      let bytes: [UInt8]?
      if text.starts(with: Array(":Z64:".utf8)) || text.starts(with: Array(":B64:".utf8)) {
        let decoded = ZPLGraphicData.decode(text, total: size, row: 1, compressor: compressor)
        bytes = decoded.bits
      } else {
        bytes = Self.hexDecoded(text)
      }
      guard let bytes else { return "PNG, data not hex or base64" }
      let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      let check =
        bytes.count != size
        ? "data holds \(bytes.count) of \(size) bytes"
        : bytes.starts(with: signature) ? "PNG signature ok" : "not a PNG"
      return "PNG \(size) bytes, " + check
    case "B", "C":
      return "object .\(kind) format \(format), \(command.binary?.count ?? 0) of \(total) binary bytes"
    default:
      return "object .\(kind) format \(format), " + Self.hexBytes(command, sizes: 5, total: total)
    }
  }

  /// The data after `count` delimiters, unsplit (ACS data holds commas).
  private static func data(_ command: ZPLScanner.Command, after count: Int) -> [UInt8] {
    var seen = 0
    for (index, byte) in command.parameters.enumerated() where byte == command.delimiter {
      seen += 1
      if seen == count { return Array(command.parameters[(index + 1)...]) }
    }
    return []
  }

  /// Hex data that should hold `total` bytes, checked: `1204 bytes, hex ok` or what is wrong.
  private static func hexBytes(_ command: ZPLScanner.Command, sizes: Int, total: String) -> String {
    let text = data(command, after: sizes)
    guard let bytes = hexDecoded(text) else { return "\(total) bytes, data not hex" }
    return bytes.count == Int(total)
      ? "\(total) bytes, hex ok" : "data holds \(bytes.count) of \(total) bytes"
  }

  /// Plain ASCII hex as bytes, or nil.
  private static func hexDecoded(_ text: [UInt8]) -> [UInt8]? {
    let digits = text.filter { $0 != 0x20 && $0 != 0x09 }
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
      guard let high = UInt8(ascii([digits[index]][...]), radix: 16),
        let low = UInt8(ascii([digits[index + 1]][...]), radix: 16)
      else { return nil }
      bytes.append(high << 4 | low)
      index += 2
    }
    return bytes
  }

  // MARK: Bar codes

  /// A bar code command: its symbology, orientation and height (`^BY`'s when it gives none).
  private func barcode(_ name: String, _ fields: [String]) -> String {
    func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
    // The symbology and the index of its height parameter (nil: it has none).
    let kinds: [String: (String, Int?)] = [
      "^B0": ("aztec", nil), "^BO": ("aztec", nil), "^B1": ("code11", 2), "^B2": ("itf", 1),
      "^B3": ("code39", 2),
      "^B4": ("code49", 1), "^B5": ("planet", 1), "^B7": ("pdf417", 1), "^B8": ("ean8", 1),
      "^B9": ("upce", 1),
      "^BA": ("code93", 1), "^BB": ("codablock", 1), "^BC": ("code128", 1), "^BD": ("maxicode", nil),
      "^BE": ("ean13", 1), "^BF": ("micropdf417", 1), "^BI": ("industrial 2 of 5", 1),
      "^BJ": ("standard 2 of 5", 1), "^BK": ("codabar", 2), "^BL": ("logmars", 1), "^BM": ("msi", 2),
      "^BP": ("plessey", 2), "^BQ": ("qr", nil), "^BR": ("gs1 databar", 4), "^BS": ("upc/ean extension", 1),
      "^BT": ("tlc39", nil), "^BU": ("upca", 1), "^BX": ("datamatrix", nil), "^BZ": ("postal", 1),
    ]
    let (symbology, heightIndex) = kinds[name]!
    var words = symbology
    switch name {
    case "^BQ":
      if field(1) == "1" { words += " model 1" }
      return words + " magnification \(field(2).isEmpty ? "(printer default)" : field(2))"
    case "^BD":
      let modes = [
        "2": "mode 2 (US carrier message)", "3": "mode 3 (international carrier message)", "4": "mode 4",
        "5": "mode 5 (full error correction)", "6": "mode 6 (reader programming)",
      ]
      words += " " + (modes[field(0).isEmpty ? "2" : field(0)] ?? "mode '\(field(0))' (not 2–6)")
      if let total = Int(field(2)), total > 1 { words += ", symbol \(field(1)) of \(total)" }
      return words
    case "^B0", "^BO":
      return words + Self.turned(field(0))
        + " magnification \(field(1).isEmpty ? "(printer default)" : field(1))"
    case "^BX":
      words += Self.turned(field(0)) + " module \(field(1).isEmpty ? "(default)" : field(1))"
      if field(2) == "200" {
        words += " ECC 200"
      } else if !field(2).isEmpty {
        words += " quality \(field(2))"
      }
      return words
    case "^BT":
      return words + Self.turned(field(0))
    default: break
    }
    words += Self.turned(field(0))
    if let heightIndex {
      let height = field(heightIndex)
      words += " height " + (height.isEmpty ? "\(barcodeHeight) (^BY)" : height)
    }
    switch name {
    case "^B7":
      if !field(2).isEmpty { words += ", security \(field(2))" }
      if !field(3).isEmpty { words += ", \(field(3)) columns" }
      if !field(4).isEmpty { words += ", \(field(4)) rows" }
    case "^BC":
      if field(2) == "N" { words += ", no text line" } else if field(3) == "Y" { words += ", text above" }
      if let mode = ["U": "UCC case mode", "A": "automatic mode", "D": "GS1 mode"][field(5)] {
        words += ", " + mode
      }
    case "^BR":
      if !field(1).isEmpty { words += ", type \(field(1))" }
    default: break
    }
    return words
  }

  // MARK: Words

  /// ` rotated 90°` for a bar code's orientation, nothing for normal.
  private static func turned(_ orientation: String) -> String {
    let words = Self.orientation(orientation, normal: "")
    return words.isEmpty ? "" : " " + words
  }

  /// A field orientation in words.
  private static func orientation(_ letter: String, normal: String) -> String {
    ["R": "rotated 90°", "I": "inverted 180°", "B": "rotated 270°"][letter] ?? normal
  }

  /// `^FO`'s and `^FT`'s justification.
  private static func justification(_ value: String) -> String {
    ["1": ", right-justified", "2": ", auto-justified"][value] ?? ""
  }

  private static func colour(_ letter: String) -> String { letter == "W" ? " white" : "" }
}
