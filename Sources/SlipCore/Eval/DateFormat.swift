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
  func format(_ date: CivilDate) throws(FilterFailure) -> String {
    var out = ""
    out.reserveCapacity(pattern.utf8.count + 16)
    let scalars = pattern.unicodeScalars
    var i = scalars.startIndex
    while i < scalars.endIndex {
      let scalar = scalars[i]
      if scalar == "'" {
        i = try DateFormat.copyQuoted(scalars, from: i, to: &out)
      } else if DateFormat.isASCIILetter(scalar) {
        var count = 0
        var j = i
        while j < scalars.endIndex, scalars[j] == scalar {
          count += 1
          scalars.formIndex(after: &j)
        }
        try append(scalar, count: count, of: date, to: &out)
        i = j
      } else {
        out.unicodeScalars.append(scalar)
        scalars.formIndex(after: &i)
      }
    }
    return out
  }

  /// Copies the quoted literal starting at the quote at `start` (or a lone `''`, one quote) and
  /// returns the index after its closing quote.
  private static func copyQuoted(
    _ scalars: String.UnicodeScalarView, from start: String.UnicodeScalarView.Index, to out: inout String
  ) throws(FilterFailure) -> String.UnicodeScalarView.Index {
    var i = scalars.index(after: start)
    if i < scalars.endIndex, scalars[i] == "'" {
      out.append("'")
      return scalars.index(after: i)
    }
    while i < scalars.endIndex {
      if scalars[i] == "'" {
        let next = scalars.index(after: i)
        // Inside quotes too, '' stands for one quote: 'o''clock'.
        guard next < scalars.endIndex, scalars[next] == "'" else { return next }
        out.append("'")
        i = scalars.index(after: next)
      } else {
        out.unicodeScalars.append(scalars[i])
        scalars.formIndex(after: &i)
      }
    }
    throw .unclosedDateQuote
  }

  /// Appends the field a run of `count` copies of `letter` stands for.
  private func append(_ letter: Unicode.Scalar, count: Int, of date: CivilDate, to out: inout String)
    throws(FilterFailure)
  {
    switch (letter, count) {
    case ("y", 1): DateFormat.appendNumber(date.year, width: 1, to: &out)
    case ("y", 2): DateFormat.appendNumber(date.year % 100, width: 2, to: &out)
    case ("y", 4): DateFormat.appendNumber(date.year, width: 4, to: &out)
    case ("M", 1), ("M", 2): DateFormat.appendNumber(date.month, width: count, to: &out)
    case ("M", 3): out += names.shortMonths[date.month - 1]
    case ("M", 4): out += names.months[date.month - 1]
    case ("d", 1), ("d", 2): DateFormat.appendNumber(date.day, width: count, to: &out)
    case ("E", 3): out += names.shortWeekdays[date.weekday]
    case ("E", 4): out += names.weekdays[date.weekday]
    case ("H", 1), ("H", 2): DateFormat.appendNumber(date.hour, width: count, to: &out)
    case ("h", 1), ("h", 2):
      // The 12-hour clock runs 12, 1, ..., 11: midnight and noon are 12.
      let hour = date.hour % 12 == 0 ? 12 : date.hour % 12
      DateFormat.appendNumber(hour, width: count, to: &out)
    case ("m", 1), ("m", 2): DateFormat.appendNumber(date.minute, width: count, to: &out)
    case ("s", 1), ("s", 2): DateFormat.appendNumber(date.second, width: count, to: &out)
    case ("a", 1): out += date.hour < 12 ? names.am : names.pm
    default:
      guard let allowed = DateFormat.lengths[letter] else { throw .unknownDatePatternLetter(letter) }
      throw .unsupportedDatePatternLength(letter, count: count, allowed: allowed)
    }
  }

  /// Appends a non-negative `value` in decimal, zero padded to `width` digits.
  private static func appendNumber(_ value: Int, width: Int, to out: inout String) {
    var divisor = 1
    var digitCount = 1
    while divisor <= value / 10 {
      divisor *= 10
      digitCount += 1
    }
    for _ in digitCount..<max(width, digitCount) { out.append("0") }
    while divisor > 0 {
      out.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + UInt8(value / divisor % 10)))
      divisor /= 10
    }
  }

  /// 'a'...'z' or 'A'...'Z': CLDR reserves exactly these as field letters.
  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
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
