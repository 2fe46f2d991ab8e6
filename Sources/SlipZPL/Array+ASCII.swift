/// ZPL commands written straight into the output bytes: a field's `^FO40,110^A0N,59,59` made
/// by string interpolation cost more than the rest of writing it (issue 23).
extension [UInt8] {
  /// Appends the bytes of `text`, a literal of ASCII commands such as `"^GB"`.
  @inline(__always)
  mutating func append(ascii text: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends `value` in decimal digits, with a `-` when negative: what `"\(value)"` writes.
  mutating func append(decimal value: Int) {
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits = 1
    var rest = magnitude
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    var index = count + digits
    append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
    repeat {
      index -= 1
      self[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
  }

  /// Appends `values` in decimal, separated by commas: a command's parameters.
  mutating func append(decimals first: Int, _ second: Int, _ third: Int? = nil) {
    append(decimal: first)
    append(UInt8(ascii: ","))
    append(decimal: second)
    if let third {
      append(UInt8(ascii: ","))
      append(decimal: third)
    }
  }
}
