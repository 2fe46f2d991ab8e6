extension String {
  /// `text` written `count` times, made from its UTF-8 bytes in one go.
  ///
  /// `String(repeating:count:)` appends one copy at a time, and a box-drawing character's copies
  /// cost some 300 instructions each that way: the frame lines of a bordered table took most of
  /// its receipt's time. The bytes are the same.
  public static func repeated(_ text: String, count: Int) -> String {
    guard count > 1 else { return count == 1 ? text : "" }
    var text = text
    return text.withUTF8 { unit in
      String(unsafeUninitializedCapacity: unit.count * count) { buffer in
        var position = 0
        for _ in 0..<count {
          for byte in unit {
            buffer[position] = byte
            position &+= 1
          }
        }
        return position
      }
    }
  }

  /// `character` written `count` times, as the `String` form makes it.
  public static func repeated(_ character: Character, count: Int) -> String {
    repeated(String(character), count: count)
  }
}
