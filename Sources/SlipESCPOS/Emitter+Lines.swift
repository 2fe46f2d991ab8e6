import SlipIR

// Text lines, rules, feeds, the cutter and the cash drawer.
extension Emitter {
  /// A line: runs at their columns, gaps filled with spaces, then `LF`.
  mutating func write(_ line: TextLine) {
    justify(.left)
    var column = 0
    var previous: TextStyle?
    // Runs are read in place, field by field: a copy of each run (its text retained and
    // released) cost more than placing it.
    for index in line.runs.indices {
      runIndex = index
      let (start, width, style) = (line.runs[index].column, line.runs[index].width, line.runs[index].style)
      if start > column {
        // Gaps are counted in the paper's columns at normal width, as the text backend counts
        // them, and keep the line's height so an inverted bar stays whole between inverted runs.
        let bar = (previous?.invert ?? false) && style.invert
        select(
          font: line.font, scale: Scale(width: 1, height: line.scale.height), bold: nil, underline: false,
          invert: bar)
        spaces((start - column) * line.scale.width)
        column = start
      }
      // A run of its own size (`<size 2x2>`) changes `GS !` mid-line; the printer sets the
      // line as tall as its tallest characters, the others on the same baseline. Its width
      // counts cells of a grid one cell wide, `scale.width` of them a character.
      let scale = line.runs[index].scale ?? line.scale
      let perCharacter = max(1, scale.width / max(1, line.scale.width))
      select(
        font: line.font, scale: scale, bold: style.bold, underline: style.underline,
        invert: style.invert)
      let cells = encode(line.runs[index].text, source: line.runs[index].source) * perCharacter
      if cells < width { spaces((width - cells) / perCharacter) }
      column += max(width, cells)
      previous = style
    }
    bytes.append(Byte.lineFeed)
  }

  /// A rule: its character repeated across the line.
  mutating func write(_ rule: RuleLine) {
    justify(.left)
    select(
      font: rule.font, scale: .normal, bold: rule.style.bold, underline: rule.style.underline,
      invert: rule.style.invert)
    let cells = encode(rule.character, source: rule.source)
    if cells > 0 {
      // The character's own bytes are the last ones written, after any `ESC t`.
      let repeats = rule.columns / cells - 1
      if cells == 1, let byte = bytes.last {
        bytes += [UInt8](repeating: byte, count: max(0, repeats))
      } else {
        let pattern = Array(bytes[(bytes.count - cells)...])
        for _ in 0..<max(0, repeats) { bytes += pattern }
      }
    }
    bytes.append(Byte.lineFeed)
  }

  /// Blank paper, `ESC d n` (at most 255 lines a command).
  mutating func feed(lines: Int) {
    var left = lines
    while left > 0 {
      let count = min(left, 255)
      command(Byte.escape, 0x64, UInt8(count))
      left -= count
    }
  }

  /// Feeds the paper past the blade, then cuts with `GS V` if there is a cutter.
  mutating func write(_ cut: Cut) {
    feed(lines: profile.cutter.feedLines)
    let kinds = profile.cutter.kinds
    guard let kind = kinds.contains(cut.kind) ? cut.kind : kinds.first else { return }
    command(Byte.groupSeparator, 0x56, kind == .full ? 0 : 1)
  }

  /// `ESC p m t1 t2`: a pulse on pin 2 (m = 0) or 5 (m = 1), times in units of 2 ms.
  mutating func write(_ kick: DrawerKick) {
    guard kick.pin == 2 || kick.pin == 5, profile.drawerPins.contains(kick.pin) else {
      pending.append(
        .warning(.drawerPinMissing(kick.pin, printer: profile.id, pins: profile.drawerPins, at: kick.source)))
      return
    }
    func units(_ milliseconds: Int) -> UInt8 { UInt8(min(255, max(1, (milliseconds + 1) / 2))) }
    command(Byte.escape, 0x70, kick.pin == 2 ? 0 : 1, units(kick.onMilliseconds))
    bytes.append(units(kick.offMilliseconds))
  }
}
