/// ZPL bytes cut into commands the way a printer reads them: a prefix (`^` or `~`, or what
/// `^CC`/`^CT` changed them to), a two-letter name (`^A` takes one: its font follows), and
/// everything up to the next prefix as parameters.
///
/// As the ZPL II Programming Guide says, the printer discards carriage returns and line feeds
/// in a format, field data included: a `^FD` that continues on the next line is one string, and
/// CRLF files read like LF files. The counted binary data of `^GFB` and `~DY…,B` is taken
/// whole, prefixes and line breaks in it included.
struct ZPLScanner {
  /// One command as read.
  struct Command {
    /// The name with the default prefix, upper-case: `^FD`, `~DG`, `^A`.
    var name: String
    /// The name as the file writes it (another prefix after `^CC`, lower-case letters).
    var written: String
    /// The parameters with line breaks removed; for counted binary data, only the part before it.
    var parameters: [UInt8]
    /// The counted binary data of `^GFB`, `^GFC` and `~DY…,B`, as sent.
    var binary: [UInt8]?
    /// The binary data the command announced but the file does not hold.
    var missingBinary = 0
    /// The parameter separator when the command was read (`^CD` changes it).
    var delimiter: UInt8
    /// Where the command starts: 1-based line and column (in bytes).
    var line: Int
    var column: Int
    /// Whether a line break follows the parameters: it ends a listing line.
    var endsLine: Bool

    /// The parameters split at the delimiter, as text (bytes beyond ASCII as `\xNN`). Each
    /// field is cut to 1024 bytes and the 1024th holds the rest: fields are read for sizes and
    /// names, and a picture's megabytes of data are read from ``parameters``.
    var fields: [String] {
      parameters.split(separator: delimiter, maxSplits: 1023, omittingEmptySubsequences: false).map {
        ascii($0.prefix(1024))
      }
    }

    /// The parameters as text, cut to 1024 bytes.
    var text: String { ascii(parameters.prefix(1024)) }
  }

  /// What the scanner found: the commands, whether a byte-order mark came first, and any text
  /// before the first command (which the printer ignores).
  struct Scan {
    var commands: [Command] = []
    var byteOrderMark = false
    var leadingText: [UInt8] = []
  }

  /// The commands of `bytes`.
  static func scan(_ bytes: [UInt8]) -> Scan {
    var scan = Scan()
    var caret = UInt8(ascii: "^")
    var tilde = UInt8(ascii: "~")
    var delimiter = UInt8(ascii: ",")
    var index = 0
    var line = 1
    var lineStart = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      scan.byteOrderMark = true
      index = 3
      lineStart = 3
    }
    func isPrefix(_ byte: UInt8) -> Bool { byte == caret || byte == tilde }
    while index < bytes.count, !isPrefix(bytes[index]) {
      if bytes[index] == 0x0A {
        line += 1
        lineStart = index + 1
      }
      if ![0x0A, 0x0D, 0x20, 0x09].contains(bytes[index]) || !scan.leadingText.isEmpty {
        scan.leadingText.append(bytes[index])
      }
      index += 1
    }
    while index < bytes.count {
      let start = index
      let prefix = bytes[index]
      let column = index - lineStart + 1
      let startLine = line
      index += 1
      // The name: two characters, or one for `^A` (its font letter is a parameter).
      var nameBytes: [UInt8] = []
      while nameBytes.count < 2, index < bytes.count, !isPrefix(bytes[index]), bytes[index] != 0x0A,
        bytes[index] != 0x0D
      {
        nameBytes.append(bytes[index])
        index += 1
        if nameBytes.count == 1, prefix == caret, nameBytes[0] | 0x20 == UInt8(ascii: "a") { break }
      }
      let upper = nameBytes.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
      let name = (prefix == caret ? "^" : "~") + ascii(upper[...])
      var command = Command(
        name: name, written: ascii(bytes[start..<index]), parameters: [], delimiter: delimiter,
        line: startLine, column: column, endsLine: false)
      if ["^CC", "~CC", "^CT", "~CT", "^CD", "~CD"].contains(name) {
        // One character, the new prefix or delimiter, in force from the next byte on.
        if index < bytes.count, bytes[index] > 0x20, bytes[index] < 0x7F {
          let new = bytes[index]
          command.parameters = [new]
          index += 1
          switch name {
          case "^CC", "~CC": caret = new
          case "^CT", "~CT": tilde = new
          default: delimiter = new
          }
        }
      }
      var sawBreak = false
      let binaryAfter = binaryStart(name)
      var delimiters = 0
      while index < bytes.count, !isPrefix(bytes[index]) {
        let byte = bytes[index]
        index += 1
        if byte == 0x0A || byte == 0x0D {
          if byte == 0x0A {
            line += 1
            lineStart = index
          }
          sawBreak = true
          continue
        }
        if byte != 0x20, byte != 0x09 { sawBreak = false }
        command.parameters.append(byte)
        if byte == delimiter, let binaryAfter {
          delimiters += 1
          if delimiters == binaryAfter, let count = binaryCount(command) {
            let end = min(bytes.count, index + count)
            command.binary = Array(bytes[index..<end])
            command.missingBinary = count - (end - index)
            for byte in bytes[index..<end] where byte == 0x0A {
              line += 1
              lineStart = index
            }
            index = end
          }
        }
      }
      command.endsLine = sawBreak
      scan.commands.append(command)
    }
    return scan
  }

  /// After how many delimiters a command's counted binary data may start.
  private static func binaryStart(_ name: String) -> Int? {
    switch name {
    case "^GF": 4
    case "~DY": 5
    default: nil
    }
  }

  /// The number of binary bytes that follow, when the command's format says they are binary:
  /// `^GFB,count,…` (and `^GFC`), `~DYd:f,B,x,total,…`. A count that is not a number, or
  /// larger than any file (64 MiB), leaves the data to be read as text.
  private static func binaryCount(_ command: Command) -> Int? {
    let fields = command.fields
    let (format, count): (String, String?) =
      command.name == "^GF"
      ? (fields[0], fields.count > 1 ? fields[1] : nil)
      : (fields.count > 1 ? fields[1] : "", fields.count > 3 ? fields[3] : nil)
    guard format == "B" || format == "C", let count, let value = Int(count), value >= 0, value <= 64 << 20
    else { return nil }
    return value
  }
}

/// Bytes as text: ASCII as itself, others (and control bytes) as `\xNN`.
func ascii(_ bytes: ArraySlice<UInt8>) -> String {
  var out = ""
  for byte in bytes {
    if byte >= 0x20, byte < 0x7F {
      out.unicodeScalars.append(Unicode.Scalar(byte))
    } else {
      out += "\\x" + hexByte(byte)
    }
  }
  return out
}

/// A byte as two upper-case hex digits.
func hexByte(_ byte: UInt8) -> String {
  let digits = String(byte, radix: 16, uppercase: true)
  return digits.count == 1 ? "0" + digits : digits
}
