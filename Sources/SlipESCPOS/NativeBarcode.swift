import SlipIR

/// A linear barcode as the printer's `GS k` function B takes it (`GS k m n d1…dn`): built only
/// when the printer, given these bytes, draws exactly the modules the layout measured and the
/// preview shows, so nothing but the dot size is left to the printer.
///
/// The data is length-prefixed, so no byte of it can start a command of its own.
struct NativeBarcode: Equatable {
  /// The `m` of `GS k m n d…`.
  var function: UInt8
  /// The `d…` bytes, at most 255.
  var data: [UInt8]

  /// The barcode of `symbol`, or nil when the printer's own encoding could differ from the
  /// symbol's modules.
  ///
  /// GS1-128 goes as Code 128 (`m` = 73) with its FNC1 characters as `{1`, where zint put them.
  ///
  /// Code 39, ITF and Codabar always go as raster: their wide elements are 2 (Code 39, Codabar)
  /// or 3 (ITF) narrow ones in zint's drawing, and `GS w` gives printers a ratio of about 2.5
  /// (2 → 5 dots, 3 → 8, 4 → 10, 5 → 13, 6 → 15 on Epson and those that copy it), so the printed
  /// symbol would not be the one the layout placed.
  init?(_ symbol: Symbol) {
    guard symbol.modules.height >= 1 else { return nil }
    let row = (0..<symbol.modules.width).map { symbol.modules[$0, 0] }
    let built: NativeBarcode? =
      switch symbol.symbology {
      case .code128: Code128Symbol(modules: row)?.barcode(for: symbol.data)
      case .gs1128: Code128Symbol(modules: row)?.gs1Barcode(for: symbol.data)
      case .ean13, .ean8, .upca, .upce: RetailBarcode(symbol.symbology, data: symbol.data)?.barcode(for: row)
      default: nil
      }
    guard let built, !built.data.isEmpty, built.data.count <= 255 else { return nil }
    self = built
  }

  init(function: UInt8, data: [UInt8]) {
    self.function = function
    self.data = data
  }
}

// MARK: Code 128

/// A Code 128 symbol read back from its modules: the symbol characters zint chose, so the
/// printer can be told the same code sets (`{A`, `{B`, `{C`, `{S`) and draw the same bars.
struct Code128Symbol: Equatable {
  /// Symbol character values from the start code to the check character, the stop aside.
  var values: [Int]

  /// Modules in a symbol character; the stop has two more, its termination bar.
  static let characterModules = 11
  static let stopModules = 13

  /// Splits a module row into symbol characters and reads each by its pattern; nil when a
  /// pattern is not Code 128's, the row does not end with the stop, or the check character
  /// disagrees.
  init?(modules row: [Bool]) {
    let width = Self.characterModules
    // Start, at least one data character, check, stop.
    guard row.count >= 3 * width + Self.stopModules,
      (row.count - Self.stopModules).isMultiple(of: width)
    else { return nil }
    guard Self.pattern(row[(row.count - Self.stopModules)...]) == Self.stopPattern else { return nil }
    var values: [Int] = []
    var start = 0
    while start < row.count - Self.stopModules {
      guard let value = Self.valueOfPattern[Self.pattern(row[start..<(start + width)])] else { return nil }
      values.append(value)
      start += width
    }
    guard let first = values.first, (103...105).contains(first), let check = values.last else { return nil }
    var sum = first
    for (position, value) in values.dropFirst().dropLast().enumerated() { sum += (position + 1) * value }
    guard sum % 103 == check else { return nil }
    self.values = values
  }

  /// The code sets of Code 128.
  private enum CodeSet: UInt8 {
    case a = 0x41
    case b = 0x42
    case c = 0x43
  }

  /// The `GS k` data (function B, m = 73) that makes a printer encode these same symbol
  /// characters, when they spell `text`: nil for function characters, control characters, a
  /// shifted `{` or anything else the printer's data cannot say or the text does not hold.
  func barcode(for text: String) -> NativeBarcode? {
    guard let (barcode, spelled) = printerData(), spelled == Array(text.utf8) else { return nil }
    return barcode
  }

  /// The `GS k` data of a GS1-128 symbol whose data is `bracketed` (`(01)09506000134352(10)ABC`):
  /// nil unless the symbol starts with FNC1 and its characters, FNC1 aside, spell the element
  /// strings without their brackets. The separators between fields are zint's FNC1s, sent as
  /// `{1` where zint put them, so the printer draws the same symbol characters.
  func gs1Barcode(for bracketed: String) -> NativeBarcode? {
    let separator = Self.fnc1Mark
    guard let (barcode, spelled) = printerData(), spelled.first == separator else { return nil }
    let unbracketed = bracketed.utf8.filter { $0 != UInt8(ascii: "(") && $0 != UInt8(ascii: ")") }
    guard spelled.filter({ $0 != separator }) == Array(unbracketed) else { return nil }
    return barcode
  }

  /// What an FNC1 spells in ``printerData()``'s text: the group separator scanners report.
  private static let fnc1Mark: UInt8 = 0x1D

  /// The `GS k` data (function B, m = 73) that makes a printer encode these same symbol
  /// characters, and the text they spell (an FNC1 as ``fnc1Mark``); nil when they hold a
  /// character the printer's data cannot say.
  private func printerData() -> (NativeBarcode, [UInt8])? {
    let brace = UInt8(ascii: "{")
    var set: CodeSet
    switch values[0] {
    case 103: set = .a
    case 104: set = .b
    default: set = .c
    }
    var data: [UInt8] = [brace, set.rawValue]
    var spelled: [UInt8] = []
    var shifted = false
    for value in values.dropFirst().dropLast() {
      // A shift makes one character read in the other of sets A and B.
      let current = shifted ? (set == .a ? CodeSet.b : .a) : set
      let wasShifted = shifted
      shifted = false
      if current == .c {
        switch value {
        case 0...99:
          data.append(UInt8(value))  // set C data are the pairs' values, not their digits
          spelled += [UInt8(48 + value / 10), UInt8(48 + value % 10)]
        case 100: set = .b
        case 101: set = .a
        case 102:
          // FNC1 (GS1-128's start and field separators): `{1` in every code set.
          data += [brace, UInt8(ascii: "1")]
          spelled.append(Self.fnc1Mark)
          continue
        default: return nil  // a start code
        }
        if value > 99 { data += [brace, set.rawValue] }
        continue
      }
      switch value {
      case 0...63,
        64...95 where current == .b:
        // Printable ASCII only: set A's control characters have no business in a receipt's
        // barcode data, and set B's value 95 is DEL.
        let byte = UInt8(value + 32)
        guard byte < 0x7F else { return nil }
        if byte == brace {
          guard !wasShifted else { return nil }  // "{S{{" is not a form printers agree on
          data.append(brace)
        }
        data.append(byte)
        spelled.append(byte)
      case 98 where !wasShifted:
        data += [brace, UInt8(ascii: "S")]
        shifted = true
      case 99 where !wasShifted:
        set = .c
        data += [brace, set.rawValue]
      case 100 where current == .a && !wasShifted:
        set = .b
        data += [brace, set.rawValue]
      case 101 where current == .b && !wasShifted:
        set = .a
        data += [brace, set.rawValue]
      case 102 where !wasShifted:
        data += [brace, UInt8(ascii: "1")]
        spelled.append(Self.fnc1Mark)
      default:
        return nil  // control characters, FNC2–4, start codes
      }
    }
    // The printer adds the check character and the stop: its symbol must be as wide as zint's.
    guard !shifted, Self.printedCharacters(data) == values.count else { return nil }
    return (NativeBarcode(function: 73, data: data), spelled)
  }

  /// How many symbol characters a printer draws for `GS k` Code 128 data, as it reads it: the
  /// start code, one a data byte or `{` pair, and the check character (the stop aside).
  static func printedCharacters(_ data: [UInt8]) -> Int {
    // The check character, then one for each byte or `{` pair: the leading `{A`, `{B` or `{C`
    // is the start code.
    var count = 1
    var index = 0
    while index < data.count {
      index += data[index] == UInt8(ascii: "{") ? 2 : 1
      count += 1
    }
    return count
  }

  /// A character's modules as bits, the first module highest.
  private static func pattern(_ modules: ArraySlice<Bool>) -> Int {
    modules.reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
  }

  /// The stop character with its termination bar (bar/space widths 2331112).
  private static let stopPattern = 0b1100011101011

  /// The value of each symbol character's 11-module pattern (ISO/IEC 15417 table 1), from the
  /// bar and space widths of values 0 to 105.
  private static let valueOfPattern: [Int: Int] = {
    let widths = [
      "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
      "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
      "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
      "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
      "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
      "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
      "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
      "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
      "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
      "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
      "114131", "311141", "411131", "211412", "211214", "211232",
    ]
    var table: [Int: Int] = [:]
    for (value, elements) in widths.enumerated() {
      var bits = 0
      for (index, element) in elements.enumerated() {
        let count = element.wholeNumberValue ?? 0
        for _ in 0..<count { bits = bits << 1 | (index.isMultiple(of: 2) ? 1 : 0) }
      }
      table[bits] = value
    }
    return table
  }()
}

// MARK: EAN and UPC

/// EAN-13, EAN-8, UPC-A or UPC-E digits with their check digit, and the modules they make.
struct RetailBarcode: Equatable {
  var symbology: Symbol.Symbology
  /// Every digit the printer is sent, the check digit last.
  var digits: [Int]

  /// The digits of `data` with the check digit added when it lacks one; nil for a wrong
  /// length, a non-digit, a wrong check digit, or UPC-E of number system 1 (`GS k` takes
  /// number system 0 only).
  init?(_ symbology: Symbol.Symbology, data: String) {
    let given = data.utf8.map { Int($0) - 48 }
    guard given.allSatisfy({ (0...9).contains($0) }) else { return nil }
    let length: Int
    switch symbology {
    case .ean13: length = 12
    case .ean8: length = 7
    case .upca: length = 11
    case .upce: length = 7
    default: return nil
    }
    guard given.count == length || given.count == length + 1 else { return nil }
    if symbology == .upce, given.first != 0 { return nil }
    let body = Array(given.prefix(length))
    let check = Self.checkDigit(symbology == .upce ? Self.upcA(fromUPCE: body) : body)
    guard given.count == length || given.last == check else { return nil }
    self.symbology = symbology
    self.digits = body + [check]
  }

  /// The `GS k` data when these digits draw exactly `row`.
  func barcode(for row: [Bool]) -> NativeBarcode? {
    guard modules() == row else { return nil }
    let function: UInt8 =
      switch symbology {
      case .upca: 65
      case .upce: 66
      case .ean13: 67
      default: 68
      }
    return NativeBarcode(function: function, data: digits.map { UInt8(48 + $0) })
  }

  /// The GS1 check digit: weights 3 and 1 alternating from the right.
  static func checkDigit(_ digits: [Int]) -> Int {
    var sum = 0
    for (index, digit) in digits.reversed().enumerated() { sum += digit * (index.isMultiple(of: 2) ? 3 : 1) }
    return (10 - sum % 10) % 10
  }

  /// UPC-E's number system and six digits as UPC-A's eleven.
  static func upcA(fromUPCE digits: [Int]) -> [Int] {
    let d = Array(digits[1...6])
    let body: [Int] =
      switch d[5] {
      case 0...2: [d[0], d[1], d[5], 0, 0, 0, 0, d[2], d[3], d[4]]
      case 3: [d[0], d[1], d[2], 0, 0, 0, 0, 0, d[3], d[4]]
      case 4: [d[0], d[1], d[2], d[3], 0, 0, 0, 0, 0, d[4]]
      default: [d[0], d[1], d[2], d[3], d[4], 0, 0, 0, 0, d[5]]
      }
    return [digits[0]] + body
  }

  /// The modules these digits make, without quiet zones, as a printer draws them.
  func modules() -> [Bool] {
    var out: [Bool] = []
    func add(_ bits: String) { out += bits.map { $0 == "1" } }
    func digit(_ value: Int, _ code: Character) {
      let odd = Self.oddCodes[value]
      switch code {
      case "L": add(odd)
      case "R": add(String(odd.map { $0 == "1" ? "0" : "1" }))
      default: add(String(odd.map { $0 == "1" ? "0" : "1" }.reversed()))  // G: R reversed
      }
    }
    switch symbology {
    case .ean13, .upca:
      let all = symbology == .upca ? [0] + digits : digits
      add("101")
      for (index, code) in Self.ean13Parity[all[0]].enumerated() { digit(all[1 + index], code) }
      add("01010")
      for value in all[7...12] { digit(value, "R") }
      add("101")
    case .ean8:
      add("101")
      for value in digits[0...3] { digit(value, "L") }
      add("01010")
      for value in digits[4...7] { digit(value, "R") }
      add("101")
    default:
      // UPC-E (number system 0): the check digit picks each digit's parity.
      add("101")
      for (index, code) in Self.upcEParity[digits[7]].enumerated() { digit(digits[1 + index], code) }
      add("010101")
    }
    return out
  }

  /// Odd-parity (L) codes of the digits; R is their complement, G the R code reversed.
  private static let oddCodes = [
    "0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111",
    "0001011",
  ]
  /// EAN-13: the first digit picks the codes (L or G) of the next six.
  private static let ean13Parity = [
    "LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL",
  ].map(Array.init)
  /// UPC-E of number system 0: the check digit picks the codes of the six digits.
  private static let upcEParity = [
    "GGGLLL", "GGLGLL", "GGLLGL", "GGLLLG", "GLGGLL", "GLLGGL", "GLLLGG", "GLGLGL", "GLGLLG", "GLLGLG",
  ].map(Array.init)
}
