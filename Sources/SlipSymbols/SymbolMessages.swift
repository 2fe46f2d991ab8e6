import SlipCore

/// What the zint encoder reports, one factory per problem, alphabetical. The compiler prefixes
/// them with "cannot encode '…' as TYPE: ", so they speak of the data as "it".
extension SymbolEncodeError {
  /// A retail barcode's last digit is not the check digit of the others.
  static func checkDigit(given: Character, right: Character) -> Self {
    Self("the check digit is '\(right)', not '\(given)' (leave it out to have it added)")
  }

  /// Codabar data without its start and stop letters.
  static var codabarEnds: Self {
    Self("it starts and ends with A, B, C or D, such as 'A40156B'")
  }

  /// A character Code 39 cannot hold (lower-case letters included: zint would upper-case them).
  static func code39Character(_ character: Character) -> Self {
    Self("it has no \(quoted(character)): it takes digits, capital letters, space and - . $ / + %")
  }

  /// A character other than a digit where only digits go.
  static func digitsOnly(_ character: Character) -> Self {
    Self("it takes digits only, not \(quoted(character))")
  }

  /// Empty data.
  static var empty: Self { Self("there is no data") }

  /// ITF with an odd number of digits (zint would add a leading zero the data does not have).
  static func evenDigits(_ count: Int) -> Self {
    Self("it takes an even number of digits, not \(count) (a leading 0 keeps the value)")
  }

  /// A character outside ASCII in a Code 128 barcode.
  static func notASCII(_ character: Character) -> Self {
    Self("it takes ASCII characters only, not \(quoted(character))")
  }

  /// A UPC-E number system other than 0 or 1.
  static func numberSystem(_ digit: Character) -> Self {
    Self("its first digit, the number system, is 0 or 1, not '\(digit)'")
  }

  /// zint could not allocate its symbol.
  static var outOfMemory: Self { Self("out of memory") }

  /// Data longer than the largest QR code holds at its error correction level.
  static func qrTooLong(count: Int, most: Int, kind: String, level: String) -> Self {
    Self("it is \(count) \(kind) long; a QR code at level \(level) holds at most \(most)")
  }

  /// zint drew something other than the bare symbol (a sign that zint changed, not of bad data).
  static func unexpectedDrawing(width: Int, modules: Int) -> Self {
    Self("zint drew \(width) pixels for \(modules) modules; this version of libzint is not supported")
  }

  /// A QR error correction level other than L, M, Q, H.
  static func unknownErrorCorrection(_ level: String) -> Self {
    Self("unknown error correction level '\(level)' (the levels are L, M, Q, H)")
  }

  /// A retail barcode with the wrong number of digits.
  static func wrongLength(_ count: Int, digits: Int) -> Self {
    Self("it takes \(digits) digits, or \(digits + 1) with the check digit, not \(count)")
  }

  /// zint's own reason, made to read like Slip's messages: "Error 284: Invalid character in
  /// data (digits and "+" only)" becomes "invalid character in data (digits and '+' only)".
  static func zint(_ text: String) -> Self {
    var message = Substring(text)
    if let colon = message.firstIndex(of: ":"),
      message[..<colon].split(separator: " ").count == 2,
      message.hasPrefix("Error ") || message.hasPrefix("Warning ")
    {
      message = message[message.index(after: colon)...]
    }
    message = message.drop(while: { $0 == " " })
    while message.last == "." || message.last == " " { message = message.dropLast() }
    var words = String(message).replacingQuotes()
    // "Invalid …" becomes "invalid …", but "ECI …" and "QR …" stay capitals.
    if let first = words.first, first.isUppercase, words.dropFirst().first?.isUppercase != true {
      words = first.lowercased() + words.dropFirst()
    }
    return Self(words.isEmpty ? "zint gave no reason" : words)
  }

  /// A character quoted for a message; an invisible one by its code point.
  private static func quoted(_ character: Character) -> String {
    let scalar = character.unicodeScalars.first!
    if character == " " || scalar.properties.generalCategory == .control {
      return "U+" + String(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))
    }
    return "'\(character)'"
  }
}

extension String {
  /// Double quotes as single ones: messages quote code and data as 'x'.
  fileprivate func replacingQuotes() -> String {
    String(map { $0 == "\"" ? "'" : $0 })
  }

  /// The string with leading zeros up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
