import SlipIR

/// ZPL as a reviewer reads it: one field per line, its commands spaced apart, field data
/// decoded and quoted, graphics summarised (size, CRC checked, the dots' fingerprint as the IR
/// dump prints it), and a comment saying what the line draws.
///
/// It reads ZPL as Slip writes it (no `^` or `~` inside field data, the default prefixes); it
/// is a reading aid for golden diffs, not a ZPL parser.
public struct ZPLListing: Sendable {
  /// A listing maker.
  public init() {}

  /// The listing of `bytes`.
  public func listing(_ bytes: [UInt8]) -> String {
    var out = ""
    for line in lines(commands(bytes)) {
      let text = line.map(\.shown).joined(separator: " ")
      let words = describe(line)
      out += words.isEmpty ? text + "\n" : text.padding(to: 44) + "  # " + words + "\n"
    }
    return out
  }

  /// One command: `^` or `~`, two letters, and its parameters.
  struct Command {
    var name: String
    var parameters: String

    /// How the listing shows it.
    var shown: String {
      switch name {
      case "^FD":
        return "^FD" + quoted(parameters)
      case "^GF":
        return "^GF" + (parameters.split(separator: ",", maxSplits: 4).prefix(4).joined(separator: ","))
          + ",…"
      default:
        return name + parameters
      }
    }
  }

  /// The commands of `bytes`, each with what follows it up to the next prefix (line breaks
  /// between commands dropped, but kept as `nil` entries: they end a listing line).
  private func commands(_ bytes: [UInt8]) -> [Command?] {
    var out: [Command?] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        out.append(nil)
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "^") || byte == UInt8(ascii: "~"), index + 2 < bytes.count else {
        index += 1
        continue
      }
      let name = String(decoding: bytes[index..<(index + 3)], as: UTF8.self).uppercased()
      var end = index + 3
      while end < bytes.count, bytes[end] != UInt8(ascii: "^"), bytes[end] != UInt8(ascii: "~"),
        bytes[end] != 0x0A
      {
        end += 1
      }
      out.append(Command(name: name, parameters: String(decoding: bytes[(index + 3)..<end], as: UTF8.self)))
      index = end
    }
    return out
  }

  /// Commands grouped into listing lines: a line break or `^FS` ends one.
  private func lines(_ commands: [Command?]) -> [[Command]] {
    var lines: [[Command]] = []
    var current: [Command] = []
    for command in commands {
      guard let command else {
        if !current.isEmpty { lines.append(current) }
        current = []
        continue
      }
      current.append(command)
      if command.name == "^FS" || command.name == "^XZ" {
        lines.append(current)
        current = []
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  // MARK: Words

  private func describe(_ line: [Command]) -> String {
    var words: [String] = []
    var hex = false
    for command in line {
      let parts = command.parameters.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      switch command.name {
      case "^XA": words.append("label")
      case "^XZ": words.append("end of label")
      case "^DF": words.append("store format \(command.parameters)")
      case "^XF": words.append("recall format \(command.parameters)")
      case "^PW": words.append("width \(command.parameters)")
      case "^LL": words.append("length \(command.parameters)")
      case "^LH": words.append("home \(command.parameters)")
      case "^CI": words.append(command.parameters == "28" ? "UTF-8" : "character set \(command.parameters)")
      case "^MN":
        words.append("media " + (["Y": "gap", "M": "mark", "N": "continuous"][command.parameters] ?? "?"))
      case "^PQ": words.append("\(command.parameters) copies")
      case "~SD": words.append("darkness \(command.parameters)")
      case "^PR": words.append("speed \(command.parameters)")
      case "^FO": words.append("at \(command.parameters)")
      case "^A0": words.append("font 0 height \(parts.count > 1 ? parts[1] : "?")")
      case "^AD", "^AB", "^AA":
        words.append("font \(command.name.suffix(1)) \(parts.count > 2 ? "\(parts[2])x\(parts[1])" : "")")
      case "^FP": words.append("spacing +\(parts.count > 1 ? parts[1] : "?")")
      case "^FR": words.append("reversed")
      case "^GB": words.append(box(parts))
      case "^GC": words.append("circle d=\(parts[0])" + (parts.count > 1 ? " border=\(parts[1])" : ""))
      case "^GD": words.append("diagonal \(parts[0])x\(parts.count > 1 ? parts[1] : "?")")
      case "^GF": words.append(graphic(parts))
      case "^BY": words.append("module \(parts[0])" + (parts.count > 1 ? " ratio \(parts[1])" : ""))
      case "^BC": words.append("code128 height \(parts.count > 1 ? parts[1] : "?")")
      case "^BQ": words.append("qr magnification \(parts.count > 2 ? parts[2] : "?")")
      case "^BE": words.append("ean13")
      case "^B8": words.append("ean8")
      case "^BU": words.append("upca")
      case "^B3": words.append("code39")
      case "^B2": words.append("itf")
      case "^BK": words.append("codabar")
      case "^FN": words.append("field \(command.parameters)")
      case "^FH": hex = true
      case "^FD": words.append(quoted(hex ? Self.unescape(command.parameters) : command.parameters))
      default: break
      }
    }
    return words.joined(separator: ", ")
  }

  private func box(_ parts: [String]) -> String {
    guard parts.count >= 3, let width = Int(parts[0]), let height = Int(parts[1]), let border = Int(parts[2])
    else { return "box" }
    return border >= min(width, height)
      ? "filled \(width)x\(height)" : "box \(width)x\(height) border=\(border)"
  }

  /// The most bytes a `^GF` graphic is inflated to for its listing: 64 MiB, far beyond any
  /// label (a 4×6 in label at 600 dpi is 1 MiB).
  static let maximumGraphicBytes = 64 << 20

  /// `^GFA,total,total,row,:Z64:data:crc` checked and summarised. The sizes are the file's
  /// claims: a negative, huge or ragged one (a total that is not whole rows) is reported, never
  /// allocated.
  private func graphic(_ parts: [String]) -> String {
    guard parts.count == 5, let total = Int(parts[1]), let row = Int(parts[3]), row > 0 else {
      return "graphic (not as Slip writes it)"
    }
    guard total > 0, total <= Self.maximumGraphicBytes, total.isMultiple(of: row) else {
      return "graphic of \(parts[1]) bytes in rows of \(parts[3]) (not a whole number of rows up to 64 MiB)"
    }
    let payload = parts[4]
    guard payload.hasPrefix(":Z64:") else { return "graphic \(row * 8)x\(total / row) (not Z64)" }
    let pieces = payload.dropFirst(5).split(separator: ":", omittingEmptySubsequences: false)
    guard pieces.count == 2 else { return "graphic (no CRC)" }
    let text = Array(pieces[0].utf8)
    let crc = GraphicField.crcText(text) == pieces[1] ? "CRC ok" : "CRC WRONG (\(pieces[1]))"
    guard let deflated = Base64.decode(text), let bits = GraphicField.inflate(deflated, count: total) else {
      return "graphic \(row * 8)x\(total / row), \(crc), data does not inflate"
    }
    let bitmap = Bitmap(width: row * 8, height: total / row, bits: bits)
    return "graphic \(row * 8)x\(total / row) Z64 \(text.count) chars, \(crc), bits=\(bitmap.fingerprint)"
  }

  /// `^FH` text with `_XX` escapes decoded.
  static func unescape(_ text: String) -> String {
    var bytes: [UInt8] = []
    let source = Array(text.utf8)
    var index = 0
    while index < source.count {
      if source[index] == UInt8(ascii: "_"), index + 2 < source.count,
        let value = UInt8(String(decoding: source[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        index += 3
      } else {
        bytes.append(source[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// A double-quoted string with `"`, `\` and control characters escaped.
private func quoted(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}

extension String {
  /// The string padded with spaces to `width` characters.
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
