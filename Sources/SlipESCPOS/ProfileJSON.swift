import SlipIR
import SlipSupport

/// A problem in a printer profile file, naming the field and where it is.
public struct PrinterProfileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file, as the user named it.
  public var source: String
  /// 1-based line and column of the offending value.
  public var line: Int
  /// 1-based column, in Unicode scalars.
  public var column: Int
  /// The field, as a path: `fonts.A.columns`; empty for the file as a whole.
  public var field: String
  /// What is wrong with it.
  public var message: String

  /// `my.json:3:14: error: 'fonts.A.columns': expected …`.
  public var description: String {
    let what = field.isEmpty ? "" : "'\(field)': "
    return "\(source):\(line):\(column): error: \(what)\(message)"
  }
}

extension PrinterProfile {
  /// A profile from the JSON format `slip printers ID --json` prints.
  ///
  /// Strict on purpose: unknown fields (a typo such as `cuter`), wrong types, values out of
  /// range and unknown code pages are errors naming the field, never silently ignored.
  public init(json bytes: [UInt8], source: String) throws(PrinterProfileError) {
    let reader = JSONReader(bytes: bytes, source: source)
    let root = try reader.document()
    var fields = try ProfileFields(root, path: "", source: source, bytes: bytes)
    let id = try fields.string("id", pattern: "a lower-case ID such as 'my-printer'") { text in
      !text.isEmpty
        && text.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }
    let name = try fields.optionalString("name") ?? id
    let notes = try fields.optionalString("notes") ?? ""
    let dpi = try fields.integer("dpi", in: 100...600)
    let dots = try fields.integer("dots", in: 8...4096)

    var fonts = try fields.object("fonts")
    let fontA = try Self.font(&fonts, "A", dots: dots)
    let fontB = fonts.has("B") ? try Self.font(&fonts, "B", dots: dots) : nil

    let pageValue = try fields.value("codePages")
    guard case .object(let pageMembers) = pageValue.kind else {
      throw fields.error(
        pageValue, field: "codePages", "expected an object from 'ESC t' numbers to code page names")
    }
    var entries: [CodePageEntry] = []
    for (key, value) in pageMembers {
      let field = "codePages.\(key.text)"
      guard let number = Int(key.text), (0...255).contains(number), String(number) == key.text else {
        throw fields.error(key.offset, field: field, "expected an 'ESC t' number from 0 to 255 as the key")
      }
      guard case .string(let pageName) = value.kind else {
        throw fields.error(value, field: field, "expected a code page name such as \"PC437\"")
      }
      guard let page = CodePage.named(pageName) else {
        let hint =
          Suggestion.closest(to: pageName, in: CodePage.all.map({ $0.name })).map {
            "; did you mean '\($0)'?"
          }
          ?? ""
        throw fields.error(
          value, field: field,
          "unknown code page '\(pageName)'\(hint) ('slip printers --code-pages' lists them)")
      }
      entries.append(CodePageEntry(number, page))
    }
    guard !entries.isEmpty else {
      throw fields.error(
        pageValue, field: "codePages", "a printer has at least one code page, usually \"0\": \"PC437\"")
    }

    let placementName = try fields.optionalString("narrowPlacement") ?? "left"
    guard let placement = Placement(rawValue: placementName) else {
      throw fields.error(
        try fields.value("narrowPlacement"), field: "narrowPlacement", "expected \"left\" or \"center\"")
    }

    var cutterFields = try fields.object("cutter")
    var kinds: [Cut.Kind] = []
    for (index, value) in try cutterFields.array("kinds").enumerated() {
      guard case .string(let text) = value.kind, let kind = Cut.Kind(rawValue: text), !kinds.contains(kind)
      else {
        throw cutterFields.error(
          value, field: "cutter.kinds[\(index)]", "expected \"full\" or \"partial\", each once")
      }
      kinds.append(kind)
    }
    let feedLines = try cutterFields.integer("feedLines", in: 0...255)

    var pins: [Int] = []
    for (index, value) in (try fields.optionalArray("drawerPins") ?? []).enumerated() {
      guard case .number(let pin) = value.kind, pin == 2 || pin == 5, !pins.contains(pin) else {
        throw fields.error(value, field: "drawerPins[\(index)]", "expected pin 2 or 5, each once")
      }
      pins.append(pin)
    }

    var imageFields = try fields.optionalObject("images")
    let images = ImageSupport(
      raster: try imageFields?.optionalBool("raster") ?? false,
      column: try imageFields?.optionalBool("column") ?? false,
      graphics: try imageFields?.optionalBool("graphics") ?? false,
      bandRows: try imageFields?.optionalInteger("bandRows", in: 24...2_303) ?? 960,
      rasterReceipts: try imageFields?.optionalBool("rasterReceipts") ?? false)

    var symbolFields = try fields.optionalObject("symbols")
    let symbols = SymbolSupport(
      barcodes: try symbolFields?.optionalBool("barcodes") ?? false,
      qrCode: try symbolFields?.optionalBool("qrCode") ?? false)

    var transportFields = try fields.optionalObject("transport")
    let transport = TransportHints(
      bleService: try transportFields?.optionalString("bleService"),
      bleWrite: try transportFields?.optionalString("bleWrite"),
      chunkBytes: try transportFields?.optionalInteger("chunkBytes", in: 1...65_535),
      pacingMilliseconds: try transportFields?.optionalInteger("pacingMilliseconds", in: 0...10_000))

    self.init(
      id: id, name: name, notes: notes, dpi: dpi, dots: dots, fontA: fontA, fontB: fontB, codePages: entries,
      narrowPlacement: placement, cutter: Cutter(kinds: kinds, feedLines: feedLines), drawerPins: pins,
      images: images, symbols: symbols, transport: transport)
  }

  private static func font(_ fonts: inout ProfileFields, _ name: String, dots: Int)
    throws(PrinterProfileError) -> FontMetrics
  {
    var cell = try fonts.object(name)
    let width = try cell.integer("width", in: 1...64)
    let height = try cell.integer("height", in: 1...128)
    let columns = try cell.integer("columns", in: 1...255)
    if columns * width > dots {
      throw cell.error(
        try cell.value("columns"), field: cell.path("columns"),
        "\(columns) columns of \(width) dots need \(columns * width) dots; the printer has \(dots)")
    }
    return FontMetrics(width: width, height: height, columns: columns)
  }

  /// The profile in the JSON format ``init(json:source:)`` reads, fields in a fixed order.
  public var json: String {
    let quoted = JSON.quoted
    func font(_ metrics: FontMetrics) -> String {
      "{\"width\": \(metrics.width), \"height\": \(metrics.height), \"columns\": \(metrics.columns)}"
    }
    var fonts = "\"A\": \(font(fontA))"
    if let fontB { fonts += ", \"B\": \(font(fontB))" }
    let pages = codePages.map { "\"\($0.number)\": \(quoted($0.page.name))" }.joined(separator: ", ")
    var transportFields: [String] = []
    if let bleService = transport.bleService {
      transportFields.append("\"bleService\": \(quoted(bleService))")
    }
    if let bleWrite = transport.bleWrite { transportFields.append("\"bleWrite\": \(quoted(bleWrite))") }
    if let chunkBytes = transport.chunkBytes { transportFields.append("\"chunkBytes\": \(chunkBytes)") }
    if let pacing = transport.pacingMilliseconds {
      transportFields.append("\"pacingMilliseconds\": \(pacing)")
    }
    return """
      {
        "id": \(quoted(id)),
        "name": \(quoted(name)),
        "notes": \(quoted(notes)),
        "dpi": \(dpi),
        "dots": \(dots),
        "fonts": {\(fonts)},
        "codePages": {\(pages)},
        "narrowPlacement": \(quoted(narrowPlacement.rawValue)),
        "cutter": {"kinds": [\(cutter.kinds.map { quoted($0.rawValue) }.joined(separator: ", "))], \
      "feedLines": \(cutter.feedLines)},
        "drawerPins": [\(drawerPins.map(String.init).joined(separator: ", "))],
        "images": {"raster": \(images.raster), "column": \(images.column), "graphics": \(images.graphics), \
      "bandRows": \(images.bandRows), "rasterReceipts": \(images.rasterReceipts)},
        "symbols": {"barcodes": \(symbols.barcodes), "qrCode": \(symbols.qrCode)},
        "transport": {\(transportFields.joined(separator: ", "))}
      }

      """
  }
}

/// The members of one JSON object being read into a profile; fields the format does not have
/// are rejected up front, with the closest known name.
private struct ProfileFields {
  private var members: [(key: JSONKey, value: JSONValue)]
  private let object: JSONValue
  private let prefix: String
  private let source: String
  /// The file, for the line and column of a value an error is about.
  private let bytes: [UInt8]

  init(_ value: JSONValue, path: String, source: String, bytes: [UInt8]) throws(PrinterProfileError) {
    self.members = []
    self.object = value
    self.prefix = path
    self.source = source
    self.bytes = bytes
    guard case .object(let members) = value.kind else {
      throw error(value, field: path, "expected an object")
    }
    var seen: Set<String> = []
    for (key, _) in members where !seen.insert(key.text).inserted {
      throw error(key.offset, field: path.isEmpty ? key.text : "\(path).\(key.text)", "given twice")
    }
    self.members = members
    // Unknown fields first: a typo such as 'cuter' is the real problem, not the missing 'cutter'.
    let known = Self.knownFields[path.split(separator: ".").last.map(String.init) ?? ""] ?? []
    for (key, _) in members where !known.contains(key.text) {
      let hint = Suggestion.closest(to: key.text, in: known).map { "; did you mean '\($0)'?" } ?? ""
      throw error(key.offset, field: path.isEmpty ? key.text : "\(path).\(key.text)", "unknown field\(hint)")
    }
  }

  func path(_ key: String) -> String { prefix.isEmpty ? key : "\(prefix).\(key)" }

  func has(_ key: String) -> Bool { members.contains { $0.key.text == key } }

  func error(_ value: JSONValue, field: String, _ message: String) -> PrinterProfileError {
    error(value.offset, field: field, message)
  }

  func error(_ offset: Int, field: String, _ message: String) -> PrinterProfileError {
    let location = JSON.location(of: offset, in: bytes)
    return PrinterProfileError(
      source: source, line: location.line, column: location.column, field: field, message: message)
  }

  mutating func value(_ key: String) throws(PrinterProfileError) -> JSONValue {
    guard let member = members.first(where: { $0.key.text == key }) else {
      throw error(object, field: path(key), "missing")
    }
    return member.value
  }

  mutating func optionalValue(_ key: String) -> JSONValue? {
    guard let member = members.first(where: { $0.key.text == key }) else { return nil }
    if case .null = member.value.kind { return nil }
    return member.value
  }

  mutating func integer(_ key: String, in range: ClosedRange<Int>) throws(PrinterProfileError) -> Int {
    try integer(try value(key), key: key, in: range)
  }

  mutating func optionalInteger(_ key: String, in range: ClosedRange<Int>) throws(PrinterProfileError) -> Int?
  {
    guard let value = optionalValue(key) else { return nil }
    return try integer(value, key: key, in: range)
  }

  private func integer(_ value: JSONValue, key: String, in range: ClosedRange<Int>)
    throws(PrinterProfileError)
    -> Int
  {
    guard case .number(let number) = value.kind, range.contains(number) else {
      throw error(
        value, field: path(key), "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }

  mutating func string(_ key: String, pattern: String, valid: (String) -> Bool) throws(PrinterProfileError)
    -> String
  {
    let value = try value(key)
    guard case .string(let text) = value.kind, valid(text) else {
      throw error(value, field: path(key), "expected \(pattern)")
    }
    return text
  }

  mutating func optionalString(_ key: String) throws(PrinterProfileError) -> String? {
    guard let value = optionalValue(key) else { return nil }
    guard case .string(let text) = value.kind else {
      throw error(value, field: path(key), "expected a string")
    }
    return text
  }

  mutating func optionalBool(_ key: String) throws(PrinterProfileError) -> Bool? {
    guard let value = optionalValue(key) else { return nil }
    guard case .bool(let flag) = value.kind else {
      throw error(value, field: path(key), "expected true or false")
    }
    return flag
  }

  mutating func object(_ key: String) throws(PrinterProfileError) -> ProfileFields {
    try ProfileFields(try value(key), path: path(key), source: source, bytes: bytes)
  }

  mutating func optionalObject(_ key: String) throws(PrinterProfileError) -> ProfileFields? {
    guard let value = optionalValue(key) else { return nil }
    return try ProfileFields(value, path: path(key), source: source, bytes: bytes)
  }

  mutating func array(_ key: String) throws(PrinterProfileError) -> [JSONValue] {
    let value = try value(key)
    guard case .array(let items) = value.kind else {
      throw error(value, field: path(key), "expected an array")
    }
    return items
  }

  mutating func optionalArray(_ key: String) throws(PrinterProfileError) -> [JSONValue]? {
    guard let value = optionalValue(key) else { return nil }
    guard case .array(let items) = value.kind else {
      throw error(value, field: path(key), "expected an array")
    }
    return items
  }

  /// Field names per object, for suggestions.
  private static let knownFields: [String: [String]] = [
    "": [
      "id", "name", "notes", "dpi", "dots", "fonts", "codePages", "narrowPlacement", "cutter", "drawerPins",
      "images", "symbols", "transport",
    ],
    "fonts": ["A", "B"], "A": ["width", "height", "columns"], "B": ["width", "height", "columns"],
    "cutter": ["kinds", "feedLines"],
    "images": ["raster", "column", "graphics", "bandRows", "rasterReceipts"],
    "symbols": ["barcodes", "qrCode"],
    "transport": ["bleService", "bleWrite", "chunkBytes", "pacingMilliseconds"],
  ]
}
