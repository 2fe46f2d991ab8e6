extension Document {
  /// A stable, indented text form of the document: the oracle of golden tests and
  /// `slip render --target ir`.
  public func dump() -> String {
    var out = "receipt paper=\(media.paper) width=\(media.widthDots) dpi=\(media.dpi)"
    out += " font=\(media.font.rawValue) columns=\(media.columns)\n"
    for (index, source) in sources.enumerated() where index > 0 {
      out += "source file\(index)=\(quoted(source))\n"
    }
    for block in blocks {
      switch block {
      case .text(let line):
        out += "text font=\(line.font.rawValue) scale=\(line.scale) align=\(line.alignment.rawValue)"
        out += " columns=\(line.columns)\(span(line.source))\n"
        for run in line.runs {
          out += "  run col=\(run.column) width=\(run.width)\(styleWords(run.style)) \(quoted(run.text))"
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
      case .drawer(let kick):
        out += "drawer pin=\(kick.pin) on=\(kick.onMilliseconds)ms off=\(kick.offMilliseconds)ms"
        out += "\(span(kick.source))\n"
      }
    }
    return out
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
