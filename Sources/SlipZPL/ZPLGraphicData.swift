import SlipIR

/// The data of a ZPL picture (`^GF`, `~DG`, `~DY`) decoded to its packed rows, in every form the
/// ZPL II Programming Guide gives: ASCII hex, hex with ASCII compression, `:Z64:` and `:B64:`
/// (base64 of zlib data or of the bytes, each with a CRC-16 of the text), and binary.
enum ZPLGraphicData {
  /// The decoded picture, or why it is not one.
  struct Decoded {
    /// How the data was written: `hex`, `ACS-compressed`, `Z64`, `B64`, `binary`.
    var form: String
    /// The packed rows, when they decode to exactly the announced size.
    var bits: [UInt8]?
    /// What is wrong, for the listing; nil when nothing is.
    var problem: String?
    /// `CRC ok` or `CRC WRONG (…)`, for the base64 forms.
    var crc: String?
  }

  /// Decodes `text` (the data after the sizes) into `total` bytes in rows of `row`.
  static func decode(_ text: [UInt8], total: Int, row: Int, compressor: (any ZPLCompressor)?) -> Decoded {
    if text.starts(with: Array(":Z64:".utf8)) || text.starts(with: Array(":B64:".utf8)) {
      return base64(text, total: total, compressor: compressor)
    }
    return hex(text, total: total, row: row)
  }

  /// `:Z64:data:crc` or `:B64:data:crc`.
  private static func base64(_ text: [UInt8], total: Int, compressor: (any ZPLCompressor)?) -> Decoded {
    let zlib = text[1] == UInt8(ascii: "Z")
    var decoded = Decoded(form: zlib ? "Z64" : "B64")
    let pieces = text.dropFirst(5).split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    let body = Array(pieces[0])
    decoded.form += " \(body.count) chars"
    if pieces.count >= 2 {
      let expected = GraphicField.crcText(body)
      let given = ascii(pieces[1])
      decoded.crc =
        expected == given.uppercased() ? "CRC ok" : "CRC WRONG (\(given), the data's is \(expected))"
    } else {
      decoded.crc = "no CRC"
    }
    guard let bytes = Base64.decode(body) else {
      decoded.problem = "not base64"
      return decoded
    }
    if zlib {
      guard let compressor else {
        decoded.problem = "not inflated (no decompressor)"
        return decoded
      }
      guard let bits = compressor.inflate(bytes, count: total) else {
        decoded.problem = "data does not inflate to \(total) bytes"
        return decoded
      }
      decoded.bits = bits
    } else {
      guard bytes.count == total else {
        decoded.problem = "data holds \(bytes.count) of \(total) bytes"
        return decoded
      }
      decoded.bits = bytes
    }
    return decoded
  }

  /// ASCII hex, each row `2 × row` digits, with the ASCII compression scheme: `G`–`Y` repeat
  /// the next digit 1–19 times and `g`–`z` 20–400 times (counts add up), `,` fills the rest of
  /// the row with 0, `!` with 1 (`F`), `:` repeats the previous row.
  private static func hex(_ text: [UInt8], total: Int, row: Int) -> Decoded {
    var decoded = Decoded(form: "hex")
    let nibblesPerRow = row * 2
    var nibbles: [UInt8] = []
    nibbles.reserveCapacity(min(total, 1 << 20) * 2)
    var count = 0
    var compressed = false
    // Rows are always whole before a fill or a repeat, so the current row starts here.
    var rowStart: Int { nibbles.count - nibbles.count % nibblesPerRow }
    for (position, byte) in text.enumerated() {
      // Never more than the announced size: a run code can ask for 400 digits at a time.
      guard nibbles.count <= total * 2 else { break }
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"),
        UInt8(ascii: "a")...UInt8(ascii: "f"):
        let value = byte <= UInt8(ascii: "9") ? byte - 0x30 : (byte | 0x20) - 0x61 + 10
        if count == 0 {
          nibbles.append(value)
        } else {
          // Run codes add up; past the announced size the data is wrong however long the run.
          nibbles.append(
            contentsOf: [UInt8](repeating: value, count: min(count, total * 2 + 1 - nibbles.count)))
        }
        count = 0
      case UInt8(ascii: "G")...UInt8(ascii: "Y"):
        count += Int(byte - UInt8(ascii: "G")) + 1
        compressed = true
      case UInt8(ascii: "g")...UInt8(ascii: "z"):
        count += (Int(byte - UInt8(ascii: "g")) + 1) * 20
        compressed = true
      case UInt8(ascii: ","), UInt8(ascii: "!"):
        compressed = true
        let fill: UInt8 = byte == UInt8(ascii: ",") ? 0 : 15
        nibbles.append(contentsOf: [UInt8](repeating: fill, count: rowStart + nibblesPerRow - nibbles.count))
        count = 0
      case UInt8(ascii: ":"):
        compressed = true
        if nibbles.count % nibblesPerRow != 0 {
          nibbles.append(contentsOf: [UInt8](repeating: 0, count: rowStart + nibblesPerRow - nibbles.count))
        }
        let start = rowStart
        if start >= nibblesPerRow {
          nibbles += nibbles[(start - nibblesPerRow)..<start]
        } else {
          nibbles.append(contentsOf: [UInt8](repeating: 0, count: nibblesPerRow))
        }
        count = 0
      case 0x20, 0x09:
        continue
      default:
        decoded.form = compressed ? "ACS-compressed" : "hex"
        decoded.problem = "not hex: '\(ascii([byte][...]))' at character \(position + 1)"
        return decoded
      }
    }
    decoded.form = compressed ? "ACS-compressed \(text.count) chars" : "hex"
    // A last row cut short is padded, as by `,`.
    if nibbles.count % nibblesPerRow != 0, nibbles.count < total * 2 {
      nibbles.append(contentsOf: [UInt8](repeating: 0, count: rowStart + nibblesPerRow - nibbles.count))
    }
    guard nibbles.count == total * 2 else {
      decoded.problem =
        nibbles.count > total * 2
        ? "data holds more than \(total) bytes" : "data holds \(nibbles.count / 2) of \(total) bytes"
      return decoded
    }
    var bits: [UInt8] = []
    bits.reserveCapacity(total)
    for index in stride(from: 0, to: nibbles.count, by: 2) {
      bits.append(nibbles[index] << 4 | nibbles[index + 1])
    }
    decoded.bits = bits
    return decoded
  }

  /// The summary of a picture of `total` bytes in rows of `row`: its size in dots, its form,
  /// and its dots' fingerprint (as the IR dump prints it) or what is wrong.
  static func summary(
    _ data: [UInt8], total: String, row: String, binary: Bool = false, compressor: (any ZPLCompressor)? = nil
  ) -> String {
    guard let total = Int(total), let row = Int(row), row > 0 else {
      return "sizes '\(total)' and '\(row)' are not numbers"
    }
    guard total > 0, total <= ZPLListing.maximumGraphicBytes, total.isMultiple(of: row) else {
      return "\(total) bytes in rows of \(row) (not a whole number of rows up to 64 MiB)"
    }
    let size = "\(row * 8)x\(total / row)"
    var decoded: Decoded
    if binary {
      decoded = Decoded(form: "binary")
      if data.count == total {
        decoded.bits = data
      } else {
        decoded.problem = "data holds \(data.count) of \(total) bytes"
      }
    } else {
      decoded = decode(data, total: total, row: row, compressor: compressor)
    }
    var words = [size, decoded.form]
    if let crc = decoded.crc {
      words[1] += ","
      words.append(crc)
    }
    if let problem = decoded.problem {
      words[words.count - 1] += ","
      words.append(problem)
    } else if let bits = decoded.bits {
      words[words.count - 1] += ","
      words.append("bits=" + Bitmap(width: row * 8, height: total / row, bits: bits).fingerprint)
    }
    return words.joined(separator: " ")
  }
}
