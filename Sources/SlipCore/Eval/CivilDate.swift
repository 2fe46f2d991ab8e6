/// A wall-clock date and time in the proleptic Gregorian calendar, years 1 to 9999, with no
/// time zone: what a receipt prints. Computed by hand (Howard Hinnant's `days_from_civil` and
/// `civil_from_days`) because Slip's compiler doesn't use Foundation.
struct CivilDate: Sendable, Equatable {
  /// 1...9999.
  var year: Int
  /// 1...12.
  var month: Int
  /// 1...31, valid for the month.
  var day: Int
  /// 0...23.
  var hour = 0
  /// 0...59.
  var minute = 0
  /// 0...59.
  var second = 0

  /// Epoch seconds of 0001-01-01T00:00:00Z, the first instant shown (`Int64`: beyond a 32-bit
  /// `Int`, as on WebAssembly).
  static let earliestEpochSecond: Int64 = -62_135_596_800
  /// Epoch seconds of 9999-12-31T23:59:59Z, the last instant shown.
  static let latestEpochSecond: Int64 = 253_402_300_799

  /// The day of the week, 0 for Sunday through 6 for Saturday.
  var weekday: Int {
    let days = CivilDate.days(year: year, month: month, day: day)
    // 1970-01-01 was a Thursday (4); the second form keeps the remainder non-negative.
    return days >= -4 ? (days + 4) % 7 : (days + 5) % 7 + 6
  }

  /// Whether February of `year` has 29 days.
  static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// The number of days in `month` of `year`.
  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a valid date (Hinnant's `days_from_civil`).
  static func days(year: Int, month: Int, day: Int) -> Int {
    // Years start in March so the leap day falls at the end of one.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400  // 0...399
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1  // 0...365
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear  // 0...146096
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` after 1970-01-01 (Hinnant's `civil_from_days`).
  static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097  // 0...146096
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365  // 0...399
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // 0...365
    let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0...11, March first
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

// MARK: - Reading

extension CivilDate {
  /// Reads ISO 8601 text: `2026-11-30`, then optionally 'T' (or a space) and `14:05`, `:09`,
  /// a fraction, and 'Z' or `±HH:MM`. The offset is checked but not applied: a receipt shows
  /// the wall-clock time the data wrote, not the printer's.
  init(iso text: String) throws(FilterFailure) {
    // Read from the string's own bytes (a copy only for a string without contiguous ones).
    let read =
      text.utf8.withContiguousStorageIfAvailable(ISOFields.init)
      ?? Array(text.utf8).withUnsafeBufferPointer(ISOFields.init)
    guard let fields = read else { throw .unreadableDate(text) }
    let (year, month, day) = (fields.year, fields.month, fields.day)
    let (hour, minute, second, offset) = (fields.hour, fields.minute, fields.second, fields.offset)

    guard (1...9999).contains(year) else { throw .invalidDate(text, "years run from 0001 to 9999") }
    guard (1...12).contains(month) else { throw .invalidDate(text, "there is no month \(month)") }
    guard day >= 1 else { throw .invalidDate(text, "there is no day 00") }
    let monthLength = CivilDate.daysIn(month: month, year: year)
    guard day <= monthLength else {
      throw .invalidDate(
        text, "\(DateFormat.Names.english.months[month - 1]) \(year) has \(monthLength) days")
    }
    guard hour <= 23 else { throw .invalidDate(text, "hours run from 00 to 23") }
    guard minute <= 59 else { throw .invalidDate(text, "minutes run from 00 to 59") }
    guard second <= 59 else { throw .invalidDate(text, "seconds run from 00 to 59") }
    if let offset, offset.hours > 23 || offset.minutes > 59 {
      throw .invalidDate(text, "offset hours run from 00 to 23 and minutes from 00 to 59")
    }
    self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
  }

  /// The UTC date and time `seconds` after 1970-01-01T00:00:00Z; fractions round down, so
  /// -0.5 is still 1969-12-31T23:59:59.
  init(epochSeconds seconds: ExactDecimal) throws(FilterFailure) {
    guard let whole = CivilDate.floor(seconds),
      (CivilDate.earliestEpochSecond...CivilDate.latestEpochSecond).contains(whole)
    else { throw .epochOutOfRange(seconds) }
    // A day count (under 3 million either way) and a second of the day fit any `Int`.
    var days = Int(whole / 86_400)
    var rest = Int(whole % 86_400)
    if rest < 0 {
      days -= 1
      rest += 86_400
    }
    let (year, month, day) = CivilDate.civil(days: days)
    self.init(
      year: year, month: month, day: day, hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)
  }

  /// The largest integer not above `value`, if it fits an `Int64`.
  private static func floor(_ value: ExactDecimal) -> Int64? {
    var power: Int128 = 1
    for _ in 0..<value.scale { power *= 10 }  // 10^38 still fits Int128
    var (quotient, remainder) = value.significand.quotientAndRemainder(dividingBy: power)
    if remainder < 0 { quotient -= 1 }
    return Int64(exactly: quotient)
  }
}

/// The fields of ISO 8601 text as written, before their ranges are checked.
private struct ISOFields {
  var year: Int
  var month: Int
  var day: Int
  var hour = 0
  var minute = 0
  var second = 0
  var offset: (hours: Int, minutes: Int)?

  /// The fields of `bytes`; nil when they are not ISO 8601 syntax.
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    var reader = ISOReader(bytes)
    guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2), reader.skip("-"),
      let day = reader.digits(2)
    else { return nil }
    (self.year, self.month, self.day) = (year, month, day)
    guard !reader.atEnd else { return }
    guard reader.skip("T") || reader.skip("t") || reader.skip(" "), let h = reader.digits(2),
      reader.skip(":"),
      let m = reader.digits(2)
    else { return nil }
    (hour, minute) = (h, m)
    if reader.skip(":") {
      guard let s = reader.digits(2) else { return nil }
      second = s
      // Fractions of a second are allowed but no pattern token shows them.
      if reader.skip(".") {
        guard reader.digits(1) != nil else { return nil }
        while reader.digits(1) != nil {}
      }
    }
    // After 'Z', or with no offset at all, there is nothing to check.
    if !reader.skip("Z"), !reader.skip("z"), reader.skip("+") || reader.skip("-") {
      guard let hours = reader.digits(2), reader.skip(":"), let minutes = reader.digits(2) else {
        return nil
      }
      offset = (hours, minutes)
    }
    guard reader.atEnd else { return nil }
  }
}

/// Reads ISO 8601 bytes one at a time; every method leaves the position alone when it fails.
private struct ISOReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Whether all the text has been read.
  var atEnd: Bool { index == bytes.count }

  /// Consumes `byte` if it comes next.
  mutating func skip(_ byte: Unicode.Scalar) -> Bool {
    guard !atEnd, bytes[index] == UInt8(byte.value) else { return false }
    index += 1
    return true
  }

  /// Consumes exactly `count` ASCII digits and returns their value.
  mutating func digits(_ count: Int) -> Int? {
    guard bytes.count - index >= count else { return nil }
    var value = 0
    for i in index..<index + count {
      let digit = bytes[i] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value * 10 + Int(digit)
    }
    index += count
    return value
  }
}

// MARK: - Messages

extension FilterFailure {
  /// Epoch seconds outside years 1 to 9999.
  static func epochOutOfRange(_ seconds: ExactDecimal) -> Self {
    Self(
      "'date' shows epoch seconds from \(CivilDate.earliestEpochSecond) to \(CivilDate.latestEpochSecond)"
        + " (years 0001 to 9999), got \(seconds)")
  }

  /// ISO 8601 text whose fields are out of range.
  static func invalidDate(_ text: String, _ reason: String) -> Self {
    Self("'date' got '\(shownDate(text))', which is not a real date and time: \(reason)")
  }

  /// Text that isn't ISO 8601 date syntax.
  static func unreadableDate(_ text: String) -> Self {
    Self(
      "'date' can't read '\(shownDate(text))' as ISO 8601; write '2026-11-30', '2026-11-30T14:05' or"
        + " '2026-11-30T14:05:09+07:00'")
  }

  /// Date text as messages quote it, cut after 40 characters so stray text can't flood a message.
  private static func shownDate(_ text: String) -> String {
    text.count > 40 ? String(text.prefix(40)) + "…" : text
  }
}
