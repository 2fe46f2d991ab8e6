extension Document {
  /// A stable, indented text form of the document: the oracle of golden tests and
  /// `slip render --target ir`.
  public func dump() -> String {
    var out = ""
    if let page {
      out += "label width=\(page.widthDots) height=\(page.heightDots) dpi=\(page.dpi)"
      out += page.rotation == .none ? "\n" : " rotate=\(page.rotation.rawValue)\n"
    } else {
      out += "receipt paper=\(media.paper) width=\(media.widthDots) dpi=\(media.dpi)"
      out += " font=\(media.font.rawValue) columns=\(media.columns)"
      out += media.direction == .auto ? "\n" : " dir=\(media.direction.rawValue)\n"
    }
    for (index, source) in sources.enumerated() where index > 0 {
      out += "source file\(index)=\(quoted(source))\n"
    }
    for element in page?.elements ?? [] {
      out += dump(element)
    }
    for block in blocks { out += dump(block) }
    return out
  }

  /// One block's lines.
  private func dump(_ block: Block) -> String {
    var out = ""
    switch block {
    case .text(let line):
      out += "text font=\(line.font.rawValue) scale=\(line.scale) align=\(line.alignment.rawValue)"
      out += " columns=\(line.columns)"
      if line.direction != .auto { out += " dir=\(line.direction.rawValue)" }
      out += "\(span(line.source))\n"
      for run in line.runs {
        out += "  run col=\(run.column) width=\(run.width)"
        if let scale = run.scale { out += " scale=\(scale)" }
        out += "\(styleWords(run.style))\(run.border ? " border" : "")"
        out += " \(quoted(run.text))"
        out += "\(span(run.source))\n"
      }
    case .rule(let rule):
      out += "rule char=\(quoted(rule.character)) font=\(rule.font.rawValue) columns=\(rule.columns)"
      out += "\(styleWords(rule.style))\(span(rule.source))\n"
    case .feed(let feed):
      out += "feed lines=\(feed.lines)\(span(feed.source))\n"
    case .cut(let cut):
      out += "cut \(cut.kind.rawValue)\(span(cut.source))\n"
    case .image(let image):
      out += "image \(quoted(image.name)) \(image.bitmap.width)x\(image.bitmap.height) x=\(image.x)"
      out += " align=\(image.alignment.rawValue) dots=\(image.bitmap.fingerprint)\(span(image.source))\n"
    case .symbol(let placed):
      let symbol = placed.symbol
      out += "symbol \(symbol.symbology.rawValue) \(quoted(symbol.data)) module=\(symbol.module)"
      out += " \(symbol.width)x\(symbol.height) x=\(placed.x) align=\(placed.alignment.rawValue)"
      if symbol.symbology.isLinear { out += " hri=\(symbol.humanReadable.rawValue)" }
      if let ecc = symbol.errorCorrection { out += " ecc=\(ecc)" }
      out += " modules=\(symbol.modules.width)x\(symbol.modules.height):\(symbol.modules.fingerprint)"
      out += "\(span(placed.source))\n"
    case .band(let band):
      out += "band valign=\(band.alignment.rawValue)\(span(band.source))\n"
      for rule in band.rules { out += "  rule x=\(rule.x) width=\(rule.width) \(rule.weight.rawValue)\n" }
      for column in band.columns {
        out += "  column x=\(column.x) width=\(column.width)\n"
        for block in column.blocks {
          for line in dump(block).split(separator: "\n") { out += "    \(line)\n" }
        }
      }
    case .drawer(let kick):
      out += "drawer pin=\(kick.pin) on=\(kick.onMilliseconds)ms off=\(kick.offMilliseconds)ms"
      out += "\(span(kick.source))\n"
    }
    return out
  }

  private func dump(_ element: LabelElement) -> String {
    switch element {
    case .text(let text):
      var out = "text x=\(text.x) y=\(text.y) w=\(text.width) height=\(text.height)"
      out += " spacing=\(text.lineSpacing) align=\(text.alignment.rawValue)"
      if text.font != .scalable { out += " font=\(text.font.name)" }
      if let width = text.glyphWidth { out += " glyph-width=\(width)" }
      if text.rotation != .none { out += " rotate=\(text.rotation.rawValue)" }
      if text.reverse { out += " reverse" }
      out += "\(span(text.source))\n"
      for line in text.lines {
        out += "  line x=\(line.x) y=\(line.y) w=\(line.width) \(quoted(line.text))\n"
        for run in line.runs {
          out += "    run x=\(run.x) w=\(run.width)\(styleWords(run.style)) \(quoted(run.text))\n"
        }
      }
      return out
    case .box(let box):
      return "box x=\(box.x) y=\(box.y) w=\(box.width) h=\(box.height) border=\(box.border)"
        + "\(box.filled ? " fill" : "")\(box.rounding > 0 ? " rounding=\(box.rounding)" : "")\(span(box.source))\n"
    case .line(let line):
      return
        "line \(line.x1),\(line.y1) -> \(line.x2),\(line.y2) thickness=\(line.thickness)\(span(line.source))\n"
    case .circle(let circle):
      if let height = circle.ellipseHeight {
        return "ellipse x=\(circle.x) y=\(circle.y) w=\(circle.diameter) h=\(height) border=\(circle.border)"
          + "\(circle.filled ? " fill" : "")\(span(circle.source))\n"
      }
      return "circle x=\(circle.x) y=\(circle.y) d=\(circle.diameter) border=\(circle.border)"
        + "\(circle.filled ? " fill" : "")\(span(circle.source))\n"
    case .image(let image):
      return
        "image \(quoted(image.name)) x=\(image.x) y=\(image.y) \(image.bitmap.width)x\(image.bitmap.height)"
        + " dots=\(image.bitmap.fingerprint)\(span(image.source))\n"
    case .symbol(let placed):
      let symbol = placed.symbol
      var out = "symbol \(symbol.symbology.rawValue) \(quoted(symbol.data)) x=\(placed.x) y=\(placed.y)"
      if placed.rotation != .none { out += " rotate=\(placed.rotation.rawValue)" }
      out += " module=\(symbol.module) \(symbol.width)x\(symbol.height)"
      if symbol.symbology.isLinear { out += " hri=\(symbol.humanReadable.rawValue)" }
      if let ecc = symbol.errorCorrection { out += " ecc=\(ecc)" }
      return out + " modules=\(symbol.modules.fingerprint)\(span(placed.source))\n"
    }
  }

  private func span(_ source: SourceSpan?) -> String {
    source.map { " \($0)" } ?? ""
  }

  private func styleWords(_ style: TextStyle) -> String {
    (style.bold ? " bold" : "") + (style.underline ? " underline" : "")
      + (style.invert ? " invert" : "")
  }

  /// A double-quoted string with `"`, `\` and control characters escaped.
  private func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        out += "\\u{\(String(scalar.value, radix: 16))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
