import SlipTestSupport

/// Valid templates with data that fits them, drawn from a seed: the language as
/// grammar/slip.ebnf and docs/LANGUAGE.md describe it (receipts on both papers and fonts, text
/// with every option, rows, tables with widths, rules, feeds, loops and conditions over the
/// data, `set`, every filter, symbols, pictures, accented, CJK and long-word text; labels with
/// every element, in dots and units). The same seed always gives the same case, so a violation
/// is replayed by its seed alone.
struct TemplateGenerator {
  /// One generated template and its data.
  struct Case: Sendable, CustomStringConvertible {
    /// The seed that made it.
    var seed: UInt64
    /// Whether it is a label template (otherwise a receipt).
    var isLabel: Bool
    /// The template's text.
    var template: String
    /// The data, as JSON text, with the hostile-string slot `shop` filled by `shop`.
    var data: String
    /// The receipt's columns in its header font (0 for labels).
    var columns: Int

    var description: String { "seed \(seed):\n\(template)\n--- data\n\(data)" }

    /// The same case with the data's `shop` string replaced by `text`.
    func withShop(_ text: String) -> Case {
      var copy = self
      copy.data = TemplateGenerator.data(shop: text, seed: seed)
      return copy
    }
  }

  private var random: SplitMix64
  private let seed: UInt64

  /// Makes the case of `seed`.
  static func generate(seed: UInt64) -> Case {
    var generator = TemplateGenerator(random: SplitMix64(seed: seed), seed: seed)
    return generator.makeCase()
  }

  private mutating func makeCase() -> Case {
    random.next() % 3 == 0 ? label() : receipt()
  }

  private mutating func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
  private mutating func number(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(random.next() % UInt64(range.count))
  }
  private mutating func chance(_ percent: Int) -> Bool { Int(random.next() % 100) < percent }

  // MARK: Data

  /// Words of several scripts for literal text: accents, CJK, a word longer than any line.
  static let words = [
    "Kopi", "Senja", "Café", "crème", "brûlée", "Ñandú", "Grüße", "日本", "抹茶ラテ", "커피", "Привет",
    "Αθήνα", "ý", "Supercalifragilisticexpialidocious-Extraordinarily-Long-Word", "½", "x2", "Rp",
    "25.000", "naïve", "façade",
  ]

  /// The data every case reads; its `shop` string is the slot the injection property fills.
  static func data(shop: String, seed: UInt64) -> String {
    var random = SplitMix64(seed: seed ^ 0x5EED)
    func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
    let count = Int(random.next() % 5)
    let items = (0..<count).map { index in
      let name = pick(["Kopi Susu", "Nasi Goreng Kampung Spesial", "抹茶ラテ", "Crème brûlée", "Teh"])
      let qty = 1 + Int(random.next() % 4)
      let price = 500 * (1 + Int(random.next() % 80))
      let quoted = json(name + " " + String(index))
      return "{\"name\": \(quoted), \"qty\": \(qty), \"price\": \(price)}"
    }
    let discount = pick([0, 0, 2500, 10000])
    let note = pick(["", "Tanpa gula", "Pedas sekali, tolong dibungkus terpisah ya", "日本語のメモ"])
    let member = pick(["", "Budi", "Siti Nurhaliza"])
    return """
      {"shop": \(json(shop)), "items": [\(items.joined(separator: ", "))], "discount": \(discount), \
      "note": \(json(note)), "member": \(json(member)), "paid_at": "2026-08-17T09:05:00+07:00", \
      "amount": 1234567.891, "code": "INV-2026-000123", "url": "https://kopi.example/r/42", \
      "latin": "Bakar ño Kembali ½", "digits": "400638133393", "hidden": false, "lines": 2}
      """
  }

  /// `text` as a JSON string.
  static func json(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        out +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// `text` as a template string literal (escaping what the lexer reads specially).
  static func literal(_ text: String) -> String {
    var out = "\""
    for character in text {
      switch character {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "{": out += "\\{"
      case "}": out += "\\}"
      default: out.append(character)
      }
    }
    return out + "\""
  }

  // MARK: Receipts

  private mutating func receipt() -> Case {
    let wide = chance(40)
    let fontB = chance(30)
    let columns = fontB ? (wide ? 64 : 42) : (wide ? 48 : 32)
    var lines = ["receipt paper=\(wide ? "80mm" : "58mm")\(fontB ? " font=B" : "")"]
    for _ in 0..<number(2...12) { lines += receiptStatement(depth: 0) }
    if chance(30) { lines.append("drawer" + (chance(50) ? " pin=5" : "")) }
    if chance(60) { lines.append(chance(50) ? "cut" : "cut partial") }
    return Case(
      seed: seed, isLabel: false, template: lines.joined(separator: "\n") + "\n",
      data: Self.data(shop: "Kopi Senja", seed: seed), columns: columns)
  }

  /// A piece of text to print: literal words, or a value of the data through a filter.
  private mutating func textContent() -> String {
    var parts: [String] = []
    for _ in 0..<number(1...4) {
      if chance(45) {
        parts.append(pick(Self.words))
      } else {
        parts.append("{{ " + expression() + " }}")
      }
    }
    var text = parts.joined(separator: " ")
    if chance(10) { text += "\\n" + pick(Self.words) }
    if chance(5) { text += " \\u{2615}" }
    // Quotes inside {{ }} are the other kind, as the language allows.
    return "\"" + text.replacingOccurrences(of: "\"", with: "'") + "\""
  }

  /// An expression over the data that always has a value, each filter with valid arguments.
  private mutating func expression() -> String {
    pick([
      "shop", "shop | upper", "shop | lower", "shop | title", "shop | trim",
      "shop | truncate(\(number(4...20)))",
      "note | default('-')", "member | default(\"tamu\")", "items | count", "items | count(qty > 1)",
      "items | sum(qty * price) | rupiah", "items | sum(qty)", "amount | rupiah", "amount | rupiah(2)",
      "amount | currency('\(pick(["IDR", "USD", "EUR", "GBP", "JPY", "SGD", "MYR", "THB", "PHP", "VND", "INR", "AUD"]))')",
      "amount | number(\(number(0...3)))", "amount | number(2, 'id')",
      "paid_at | date('\(pick(["EEEE, d MMMM yyyy HH:mm", "dd/MM/yy", "EEE d MMM yyyy, h:mm a", "yyyy-MM-dd HH:mm:ss"]))'\(pick(["", ", 'id'", ", 'en'"])))",
      "now | date('dd/MM/yy HH:mm:ss')", "discount * 2 + 1", "-discount | rupiah", "10 / 4", "0.1 + 0.2",
      "items.length", "code", "(discount > 0) and 'ya' or 'tidak'", "not hidden", "shop + ' / ' + code",
    ])
  }

  private mutating func textOptions(labelled: Bool = false) -> String {
    var options: [String] = []
    if chance(40) { options.append("align=" + pick(["left", "center", "right"])) }
    if chance(25) { options.append("scale=" + pick(["1", "2", "2x1", "1x2", "3", "2x3"])) }
    if chance(25) { options.append("bold") }
    if chance(15) { options.append("underline") }
    if chance(10) { options.append("invert") }
    if chance(15) { options.append("font=" + pick(["A", "B"])) }
    return options.isEmpty ? "" : " " + options.joined(separator: " ")
  }

  private mutating func receiptStatement(depth: Int) -> [String] {
    let indent = String(repeating: "  ", count: depth)
    let choice = number(0...16)
    switch choice {
    case 0, 1, 2:
      return [indent + "text " + textContent() + textOptions()]
    case 3, 4:
      let cells = (0..<number(2...3)).map { _ in textContent() }
      return [indent + "row " + cells.joined(separator: " | ") + (chance(30) ? " bold" : "")]
    case 5:
      let options = chance(30) ? " font=B" : ""
      return [indent + "rule" + (chance(40) ? " " + Self.literal(pick(["=", "*", "~", "#"])) : "") + options]
    case 6:
      return [indent + "feed " + (chance(70) ? String(number(0...3)) : "lines")]
    case 7:
      var lines = [indent + "for item in items"]
      lines.append(
        indent
          + "  row \"{{ loop.index }}. {{ item.name }} x{{ item.qty }}\" | \"{{ item.qty * item.price | rupiah }}\""
      )
      if chance(40) {
        lines.append(
          indent + "  text \"{{ loop.first and 'first' or '' }}{{ loop.last and 'last' or '' }}\" font=B")
      }
      if depth < 2, chance(30) { lines += receiptStatement(depth: depth + 1).map { "  " + $0 } }
      lines.append(indent + "end")
      return lines
    case 8:
      var lines = [
        indent
          + pick(["if discount > 0", "if note", "if member", "if items | count(qty > 1)", "if not hidden"])
      ]
      lines += receiptStatement(depth: depth + 1)
      if chance(40) {
        lines.append(indent + "else if member")
        lines += receiptStatement(depth: depth + 1)
      }
      if chance(50) {
        lines.append(indent + "else")
        lines += receiptStatement(depth: depth + 1)
      }
      lines.append(indent + "end")
      return lines
    case 9:
      let name = "v\(number(0...99))"
      return [
        indent + "set \(name) = "
          + pick(["items | sum(qty * price)", "discount * 0.11", "shop | upper", "items | count"]),
        indent + "text \"{{ \(name) }}\"" + textOptions(),
      ]
    case 10:
      let spec = pick([
        ("widths=\"* 4 10\" align=\"left right right\"", 3), ("widths=\"* *\"", 2),
        ("widths=\"6 * 8\" gap=2", 3), ("widths=\"* 3 10\" align=\"left center right\"", 3),
      ])
      var lines = [indent + "table " + spec.0]
      let header = (0..<spec.1).map { _ in Self.literal(pick(Self.words)) }
      lines.append(indent + "  row " + header.joined(separator: " | ") + " bold underline")
      lines.append(indent + "  for item in items")
      let cells = ["\"{{ item.name }}\"", "\"{{ item.qty }}\"", "\"{{ item.qty * item.price | rupiah }}\""]
      lines.append(
        indent + "    row " + (spec.1 == 3 ? cells : [cells[0], cells[2]]).joined(separator: " | "))
      lines.append(indent + "  end")
      if chance(30) { lines.append(indent + "  set t = items | sum(qty * price)") }
      lines.append(indent + "end")
      return lines
    case 11:
      let data = pick([
        "\"{{ url }}\"", "\"{{ latin }}\"", "\"{{ code }}\"", "\"Café ½ Kopi\"", "\"日本 QR\"",
        "\"JTW26-000451\"",
      ])
      let size = depth == 0 ? number(2...6) : 3
      return [
        indent + "qr \(data) size=\(size) ecc=\(pick(["L", "M", "Q", "H"]))"
          + (chance(50) ? " align=center" : "")
      ]
    case 12:
      let symbol = pick([
        "code128 \"{{ code }}\"", "ean13 \"{{ digits }}\"", "ean13 \"400638133393\"", "ean8 \"1234567\"",
        "upca \"03600029145\"", "upce \"0123456\"", "code39 \"AB-12\"", "itf \"12345678\"",
        "codabar \"A40156B\"", "pdf417 \"{{ shop }}\"", "datamatrix \"{{ latin }}\"",
      ])
      var options = ""
      if chance(40) { options += " hri=" + pick(["none", "above", "below"]) }
      if chance(30) { options += " height=\(number(30...100))" }
      if chance(30) { options += " align=" + pick(["left", "center", "right"]) }
      return [indent + "barcode " + symbol + options]
    case 13:
      let dither = pick([
        "", " dither=atkinson", " dither=bayer", " dither=floyd-steinberg", " dither=threshold threshold=100",
      ])
      return [
        indent + "image \"logo.png\" width=\(pick(["50%", "25%", "96", "128"]))"
          + (chance(50) ? " align=center" : "") + dither
      ]
    case 14:
      // Words longer than any line, and wide characters.
      let long = String(repeating: pick(["W", "日", "é"]), count: number(20...90))
      return [indent + "text " + Self.literal(long) + textOptions()]
    default:
      return [indent + "text \"{{ shop }}\"" + textOptions()]
    }
  }

  // MARK: Labels

  private mutating func label() -> Case {
    let width = pick([2, 3, 4])
    let height = pick([1, 2, 3])
    let dpi = pick([203, 300])
    let (w, h) = (width * dpi, height * dpi)
    var lines = [
      pick([
        "label width=\(width)in height=\(height)in dpi=\(dpi)",
        "label width=\(Int(Double(width) * 25.4))mm height=\(Int(Double(height) * 25.4))mm dpi=\(dpi)",
      ])
    ]
    for _ in 0..<number(1...8) {
      let x = number(0...(w / 4))
      let y = number(0...(h * 2 / 3))
      switch number(0...7) {
      case 0, 1:
        var options = " x=\(x) y=\(y) w=\(w - x) size=\(number(16...min(60, h - y)))"
        if chance(40) { options += " align=" + pick(["left", "center", "right"]) }
        if chance(40) { options += chance(50) ? " lines=\(number(1...3))" : " fit=shrink" }
        lines.append("text " + textContent() + options)
      case 2:
        let bw = number(10...(w - x)), bh = number(10...(h - y))
        lines.append(
          "box x=\(x) y=\(y) w=\(bw) h=\(bh)" + (chance(40) ? " border=\(number(1...6))" : "")
            + (chance(20) ? " fill" : ""))
      case 3:
        lines.append(
          "line x1=\(x) y1=\(y) x2=\(number(x...(w - 1))) y2=\(number(y...(h - 1)))"
            + (chance(40) ? " thickness=\(number(1...6))" : ""))
      case 4:
        let d = number(10...max(10, min(w - x, h - y)))
        lines.append(
          "circle x=\(x) y=\(y) d=\(d)" + (chance(40) ? " border=\(number(1...4))" : "")
            + (chance(20) ? " fill" : ""))
      case 5:
        lines.append(
          "qr \(pick(["\"{{ url }}\"", "\"{{ latin }}\"", "\"JTW26-000451\""])) x=\(x) y=\(number(0...max(0, h - 200))) size=\(number(2...4))"
        )
      case 6:
        lines.append(
          "barcode code128 \"{{ code | truncate(8) }}\" x=\(number(0...10)) y=\(number(0...max(0, h - 120))) height=\(number(30...60))"
        )
      default:
        lines.append("text \"{{ shop }}\" x=\(x) y=\(y) w=\(w - x) size=30 fit=shrink")
      }
    }
    if chance(30) { lines.append("image \"logo.png\" x=0 y=0 width=\(number(40...120))") }
    return Case(
      seed: seed, isLabel: true, template: lines.joined(separator: "\n") + "\n",
      data: Self.data(shop: "Kopi Senja", seed: seed), columns: 0)
  }
}
