import SlipIR

/// ZPL as a reviewer reads it: one field per line, its commands spaced apart, field data
/// decoded and quoted as the printer reads it (`^FH` escapes, the `^CI` character set),
/// graphics checked and summarised (size, form, CRC, the dots' fingerprint as the IR dump
/// prints it), and a comment saying what the line does.
///
/// It reads any ZPL: a byte-order mark, CRLF line ends, field data over several lines, changed
/// prefixes (`^CC`, `^CT`, `^CD`) and every command of the ZPL II Programming Guide, with the
/// ones a label draws with decoded and the others named; a command the guide does not list is
/// marked `unknown`. Long data is cut short: a line never holds a whole font or picture.
public struct ZPLListing: Sendable {
  /// Inflates Z64 graphics to check them (nil: they are listed as not decoded).
  public let compressor: (any ZPLCompressor)?

  /// A listing maker; `compressor` decodes Z64 graphics.
  public init(compressor: (any ZPLCompressor)? = nil) {
    self.compressor = compressor
  }

  /// A command the ZPL II Programming Guide does not list, where the file has it.
  public struct UnknownCommand: Sendable, Equatable {
    /// The command as the file writes it: `^QQ`.
    public var name: String
    /// Its 1-based line and column (in bytes).
    public var line: Int
    public var column: Int

    /// An unknown command `name` at `line` and `column`.
    public init(name: String, line: Int, column: Int) {
      self.name = name
      self.line = line
      self.column = column
    }
  }

  /// A listing and the unknown commands in it.
  public struct Listing: Sendable {
    /// The listing, a line per field, each ending in a line break.
    public var text: String
    /// The commands no ZPL printer knows, in file order.
    public var unknownCommands: [UnknownCommand]
  }

  /// Whether `bytes` read as ZPL: after an optional UTF-8 byte-order mark and white space, a
  /// `^` or `~` comes first.
  public static func isZPL(_ bytes: [UInt8]) -> Bool {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
    return first == UInt8(ascii: "^") || first == UInt8(ascii: "~")
  }

  /// The listing of `bytes`.
  public func listing(_ bytes: [UInt8]) -> String { list(bytes).text }

  /// The listing of `bytes` with the unknown commands it found.
  public func list(_ bytes: [UInt8]) -> Listing {
    let scan = ZPLScanner.scan(bytes)
    var out = ""
    if scan.byteOrderMark { out += "# UTF-8 byte-order mark (skipped)\n" }
    if !scan.leadingText.isEmpty {
      out +=
        Self.cut(quoted(ZPLCharacterSet.utf8.decode(scan.leadingText)), scan.leadingText.count)
        + "  # text before the first command (ignored)\n"
    }
    var state = ZPLListingState(compressor: compressor)
    for line in Self.lines(scan.commands) {
      let text = line.map(Self.shown).joined(separator: " ")
      let words = line.compactMap { state.words($0) }.filter { !$0.isEmpty }.joined(separator: ", ")
      out += words.isEmpty ? text + "\n" : text.padding(to: 44) + "  # " + words + "\n"
    }
    return Listing(text: out, unknownCommands: state.unknown)
  }

  /// The most bytes a picture is decoded to for its listing: 64 MiB, far beyond any label (a
  /// 4×6 in label at 600 dpi is 1 MiB).
  static let maximumGraphicBytes = 64 << 20

  /// The most characters of data a listing line shows.
  static let shownCharacters = 160

  /// Commands grouped into listing lines: a line break in the file, `^FS` or `^XZ` ends one.
  private static func lines(_ commands: [ZPLScanner.Command]) -> [[ZPLScanner.Command]] {
    var lines: [[ZPLScanner.Command]] = []
    var current: [ZPLScanner.Command] = []
    for command in commands {
      current.append(command)
      if command.endsLine || command.name == "^FS" || command.name == "^XZ" {
        lines.append(current)
        current = []
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// How the listing shows a command: as written, data quoted, long data cut short.
  static func shown(_ command: ZPLScanner.Command) -> String {
    switch command.name {
    case "^FD", "^FV":
      return command.written
        + cut(quoted(ZPLCharacterSet.utf8.decode(command.parameters)), command.parameters.count)
    case "^GF", "~DG", "~DY", "~DU", "~DT", "~DS", "~DE", "~DB":
      // The sizes, then `…` for the data.
      let sizes = ["^GF": 4, "~DG": 3, "~DY": 5, "~DB": 8][command.name] ?? 2
      let fields = command.fields
      guard fields.count > sizes else { return command.written + cut(command.text, command.parameters.count) }
      let delimiter = String(UnicodeScalar(command.delimiter))
      return command.written + fields.prefix(sizes).joined(separator: delimiter) + delimiter + "…"
    default:
      let text = command.text.trimmingSpaces
      return command.written
        + (text.count > shownCharacters ? String(text.prefix(shownCharacters)) + "…" : text)
    }
  }

  /// `text` (the quoted form of `count` bytes) cut to the characters a line shows.
  static func cut(_ text: String, _ count: Int) -> String {
    guard text.count > shownCharacters + 2 else { return text }
    return String(text.prefix(shownCharacters + 1)) + "…\" (\(count) bytes)"
  }
}

/// Decoded text double-quoted, with `"`, `\` and control characters escaped and bytes the
/// character set does not define as `\xNN`.
/// Only the first characters are quoted: ``ZPLListing/cut(_:_:)`` shows no more.
func quoted(_ pieces: [ZPLCharacterSet.Piece]) -> String {
  var out = "\""
  for piece in pieces.prefix(ZPLListing.shownCharacters + 8) {
    switch piece {
    case .byte(let byte): out += "\\x" + hexByte(byte)
    case .scalar("\""): out += "\\\""
    case .scalar("\\"): out += "\\\\"
    case .scalar(let scalar) where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
      out += "\\u{\(String(scalar.value, radix: 16))}"
    case .scalar(let scalar): out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}

extension String {
  /// The string padded with spaces to `width` characters.
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  /// The string without spaces and tabs at either end.
  var trimmingSpaces: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
