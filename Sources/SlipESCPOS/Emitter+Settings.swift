import SlipIR

// The printer's settings, each command sent only when it changes one.
extension Emitter {
  /// Sends the commands that make the settings these; `bold: nil` leaves bold as it is (spaces
  /// look the same either way).
  mutating func select(font: Font, scale: Scale, bold: Bool?, underline: Bool, invert: Bool) {
    if font != self.font {
      command(Byte.escape, 0x4D, font == .a ? 0 : 1)
      self.font = font
    }
    if scale != self.scale {
      let width = UInt8(min(8, max(1, scale.width)) - 1)
      let height = UInt8(min(8, max(1, scale.height)) - 1)
      command(Byte.groupSeparator, 0x21, width << 4 | height)
      self.scale = scale
    }
    if let bold, bold != self.bold {
      command(Byte.escape, 0x45, bold ? 1 : 0)
      self.bold = bold
    }
    if underline != self.underline {
      command(Byte.escape, 0x2D, underline ? 1 : 0)
      self.underline = underline
    }
    if invert != self.invert {
      command(Byte.groupSeparator, 0x42, invert ? 1 : 0)
      self.invert = invert
    }
  }

  /// `GS L nL nH`: the left margin in dots (the motion unit `ESC @` leaves on these printers).
  mutating func setMargin(_ dots: Int) {
    let clamped = min(dots, 0xFFFF)
    command(Byte.groupSeparator, 0x4C, UInt8(clamped & 0xFF), UInt8(clamped >> 8))
    margin = clamped
  }

  /// `ESC a n`, when it changes.
  mutating func justify(_ alignment: Alignment) {
    guard alignment != justification else { return }
    command(Byte.escape, 0x61, alignment == .left ? 0 : alignment == .center ? 1 : 2)
    justification = alignment
  }
}
