import SlipIR

/// One ZPL field: the commands that place and draw it, and the data it prints.
///
/// Keeping the two apart is what stored formats need: a field's commands go into the `^DF`
/// format once, with `^FNn` where its data goes, and each record sends only `^FNn` and the data.
/// Two fields with the same commands sit in the same place and look the same but for their
/// data.
struct Field: Sendable, Equatable {
  /// From `^FO` up to where the data goes: position, font, symbol, or a whole graphic.
  var commands: String
  /// The text to print, written through `^FH^FD` (escaped); nil for fields that are pure
  /// drawing (boxes, graphics).
  var data: String?

  /// A field drawn at `x`, `y` by `commands`, with `data` if it prints text.
  init(x: Int, y: Int, _ commands: String, data: String? = nil) {
    self.commands = "^FO\(x),\(y)" + commands
    self.data = data
  }

  /// The whole field up to `^FS`, and a line break after it when `lineBreak`.
  func write(to out: inout [UInt8], lineBreak: Bool = true) {
    out.append(contentsOf: commands.utf8)
    if let data {
      out.append(contentsOf: "^FH^FD".utf8)
      FieldData.append(data, to: &out)
    }
    out.append(contentsOf: "^FS".utf8)
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
