/// A CLDR date pattern such as `EEEE, d MMMM yyyy HH:mm` with one language's month and day
/// names. Letters are fields, 'quoted text' is literal ('' is a quote), anything else is copied.
struct DateFormat: Sendable {
  /// The month and day names and day periods of one language, as CLDR's Gregorian calendar
  /// has them in the format context.
  struct Names: Sendable {
    /// January first: `MMMM`.
    var months: [String]
    /// January first: `MMM`.
    var shortMonths: [String]
    /// Sunday first: `EEEE`.
    var weekdays: [String]
    /// Sunday first: `EEE`.
    var shortWeekdays: [String]
    /// Before noon: `a`.
    var am: String
    /// From noon: `a`.
    var pm: String

    /// CLDR `en`.
    static let english = Names(
      months: [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
      ],
      shortMonths: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
      weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
      shortWeekdays: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
      am: "AM", pm: "PM")

    /// CLDR `id`.
    static let indonesian = Names(
      months: [
        "Januari", "Februari", "Maret", "April", "Mei", "Juni", "Juli", "Agustus", "September", "Oktober",
        "November", "Desember",
      ],
      shortMonths: ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"],
      weekdays: ["Minggu", "Senin", "Selasa", "Rabu", "Kamis", "Jumat", "Sabtu"],
      shortWeekdays: ["Min", "Sen", "Sel", "Rab", "Kam", "Jum", "Sab"],
      am: "AM", pm: "PM")
  }

  /// The pattern as the template wrote it.
  var pattern: String
  /// The names that `MMMM`, `MMM`, `EEEE`, `EEE` and `a` show.
  var names: Names

  /// The run lengths each field letter allows, longest first, as messages list them.
  private static let lengths: [Unicode.Scalar: [Int]] = [
    "y": [4, 2, 1], "M": [4, 3, 2, 1], "d": [2, 1], "E": [4, 3], "H": [2, 1], "h": [2, 1], "m": [2, 1],
    "s": [2, 1], "a": [1],
  ]

  /// `date` laid out by the pattern; the pattern is read as it is applied, in one pass.
  ///
  /// Works on UTF-8 bytes: every byte that matters (field letters, quotes) is ASCII, and the
  /// bytes of anything else are copied as they are, so a pattern costs a few instructions a byte
  /// rather than a String append per scalar.
  func format(_ date: CivilDate) throws(FilterFailure) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(pattern.utf8.count + 16)
    let bytes = pattern.utf8
    var i = bytes.startIndex
    while i < bytes.endIndex {
      let byte = bytes[i]
      if byte == UInt8(ascii: "'") {
        i = try DateFormat.copyQuoted(bytes, from: i, to: &out)
      } else if DateFormat.isASCIILetter(byte) {
        var count = 0
        var j = i
        while j < bytes.endIndex, bytes[j] == byte {
          count += 1
          bytes.formIndex(after: &j)
        }
        try append(Unicode.Scalar(byte), count: count, of: date, to: &out)
        i = j
      } else {
        out.append(byte)
        bytes.formIndex(after: &i)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Copies the quoted literal starting at the quote at `start` (or a lone `''`, one quote) and
  /// returns the index after its closing quote.
  private static func copyQuoted(
    _ bytes: String.UTF8View, from start: String.UTF8View.Index, to out: inout [UInt8]
  ) throws(FilterFailure) -> String.UTF8View.Index {
    let quote = UInt8(ascii: "'")
    var i = bytes.index(after: start)
    if i < bytes.endIndex, bytes[i] == quote {
      out.append(quote)
      return bytes.index(after: i)
    }
    while i < bytes.endIndex {
      if bytes[i] == quote {
        let next = bytes.index(after: i)
        // Inside quotes too, '' stands for one quote: 'o''clock'.
        guard next < bytes.endIndex, bytes[next] == quote else { return next }
        out.append(quote)
        i = bytes.index(after: next)
      } else {
        out.append(bytes[i])
        bytes.formIndex(after: &i)
      }
    }
    throw .unclosedDateQuote
  }

  /// Appends the field a run of `count` copies of `letter` stands for.
  private func append(_ letter: Unicode.Scalar, count: Int, of date: CivilDate, to out: inout [UInt8])
    throws(FilterFailure)
  {
    switch (letter, count) {
    case ("y", 1): DateFormat.appendNumber(date.year, width: 1, to: &out)
    case ("y", 2): DateFormat.appendNumber(date.year % 100, width: 2, to: &out)
    case ("y", 4): DateFormat.appendNumber(date.year, width: 4, to: &out)
    case ("M", 1), ("M", 2): DateFormat.appendNumber(date.month, width: count, to: &out)
    case ("M", 3): out += names.shortMonths[date.month - 1].utf8
    case ("M", 4): out += names.months[date.month - 1].utf8
    case ("d", 1), ("d", 2): DateFormat.appendNumber(date.day, width: count, to: &out)
    case ("E", 3): out += names.shortWeekdays[date.weekday].utf8
    case ("E", 4): out += names.weekdays[date.weekday].utf8
    case ("H", 1), ("H", 2): DateFormat.appendNumber(date.hour, width: count, to: &out)
    case ("h", 1), ("h", 2):
      // The 12-hour clock runs 12, 1, ..., 11: midnight and noon are 12.
      let hour = date.hour % 12 == 0 ? 12 : date.hour % 12
      DateFormat.appendNumber(hour, width: count, to: &out)
    case ("m", 1), ("m", 2): DateFormat.appendNumber(date.minute, width: count, to: &out)
    case ("s", 1), ("s", 2): DateFormat.appendNumber(date.second, width: count, to: &out)
    case ("a", 1): out += (date.hour < 12 ? names.am : names.pm).utf8
    default:
      guard let allowed = DateFormat.lengths[letter] else { throw .unknownDatePatternLetter(letter) }
      throw .unsupportedDatePatternLength(letter, count: count, allowed: allowed)
    }
  }

  /// Appends a non-negative `value` in decimal, zero padded to `width` digits.
  private static func appendNumber(_ value: Int, width: Int, to out: inout [UInt8]) {
    var divisor = 1
    var digitCount = 1
    while divisor <= value / 10 {
      divisor *= 10
      digitCount += 1
    }
    for _ in digitCount..<max(width, digitCount) { out.append(UInt8(ascii: "0")) }
    while divisor > 0 {
      out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
      divisor /= 10
    }
  }

  /// 'a'...'z' or 'A'...'Z': CLDR reserves exactly these as field letters.
  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    let lower = byte | 0x20  // 'A'...'Z' to 'a'...'z'; no other byte lands there
    return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
  }
}

// MARK: - Messages

extension FilterFailure {
  /// A quoted literal in a date pattern has no closing quote.
  static var unclosedDateQuote: Self {
    Self("unclosed quote in date pattern; write '' for a quote character")
  }

  /// A letter that is no date field.
  static func unknownDatePatternLetter(_ letter: Unicode.Scalar) -> Self {
    Self("unknown date pattern letter '\(letter)'")
  }

  /// A field letter repeated a number of times that has no meaning.
  static func unsupportedDatePatternLength(_ letter: Unicode.Scalar, count: Int, allowed: [Int]) -> Self {
    let run = String(repeating: Character(letter), count: count)
    let choices = allowed.map { "'\(String(repeating: Character(letter), count: $0))'" }
    let listed =
      choices.count == 1
      ? choices[0] : choices.dropLast().joined(separator: ", ") + " or " + choices[choices.count - 1]
    return Self("date pattern '\(run)' is not supported; use \(listed)")
  }
}
