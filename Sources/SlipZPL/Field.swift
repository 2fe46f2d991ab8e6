import SlipIR

/// One ZPL field: the commands that place and draw it, and the data it prints.
///
/// Keeping the two apart is what stored formats need: a field's commands go into the `^DF`
/// format once, with `^FNn` where its data goes, and each record sends only `^FNn` and the data.
/// Two fields with the same commands sit in the same place and look the same but for their
/// data.
struct Field: Sendable, Equatable {
  /// From `^FO` up to where the data goes: position, font, symbol, or a whole graphic, as the
  /// ASCII bytes they are sent as.
  var commands: [UInt8]
  /// The text to print, written through `^FH^FD` (escaped); nil for fields that are pure
  /// drawing (boxes, graphics).
  var data: String?

  /// A field at `x`, `y` (`^FO`) with `data` if it prints text; its drawing commands are
  /// appended to ``commands`` after.
  init(x: Int, y: Int, data: String? = nil) {
    commands = []
    commands.reserveCapacity(32)
    commands.append(ascii: "^FO")
    commands.append(decimals: x, y)
    self.data = data
  }

  /// A field drawn at `x`, `y` by `commands`, with `data` if it prints text.
  init(x: Int, y: Int, _ commands: String, data: String? = nil) {
    self.init(x: x, y: y, data: data)
    self.commands.append(contentsOf: commands.utf8)
  }

  /// A field drawn at `x`, `y` by `commands` bytes, with `data` if it prints text.
  init(x: Int, y: Int, _ commands: [UInt8], data: String? = nil) {
    self.init(x: x, y: y, data: data)
    self.commands.append(contentsOf: commands)
  }

  /// A `^GB` box at `x`, `y`, after `prefix` (`^FR` or nothing): `width` by `height` with a
  /// border `thickness` thick.
  static func box(
    x: Int, y: Int, prefix: [UInt8] = [], width: Int, height: Int, thickness: Int
  ) -> Field {
    var field = Field(x: x, y: y)
    field.commands.append(contentsOf: prefix)
    field.commands.append(ascii: "^GB")
    field.commands.append(decimals: width, height, thickness)
    return field
  }

  /// The whole field up to `^FS`, and a line break after it when `lineBreak`.
  func write(to out: inout [UInt8], lineBreak: Bool = true) {
    out.append(contentsOf: commands)
    if let data {
      out.append(ascii: "^FH^FD")
      FieldData.append(data, to: &out)
    }
    out.append(ascii: "^FS")
    if lineBreak { out.append(0x0A) }
  }
}

/// The fields of one document element, and the key that finds the same element in another
/// rendering of the same template.
struct ElementFields: Sendable, Equatable {
  /// The statement that made the element and how many elements that statement made before it
  /// (a statement in a loop makes several).
  struct Key: Hashable, Sendable {
    var source: String
    var occurrence: Int
  }

  /// Which element this is.
  var key: Key
  /// Its fields, in drawing order.
  var fields: [Field]
}
