extension Template {
  /// An indented tree of the template, with `@line:col-line:col` ranges: the parser's test oracle.
  public func dump(_ file: SourceFile) -> String {
    var dumper = ASTDumper(file: file)
    dumper.statements(statements, indent: 0)
    return dumper.out
  }
}

/// Writes the tree one node per line.
private struct ASTDumper {
  let file: SourceFile
  var out = ""

  mutating func statements(_ statements: [Statement], indent: Int) {
    for statement in statements { self.statement(statement, indent: indent) }
  }

  mutating func statement(_ statement: Statement, indent: Int) {
    switch statement {
    case .receipt(let s):
      line(indent, "Header \(s.kind)\(options(s.options))", s.range)
    case .text(let s):
      line(indent, "Text\(options(s.options))", s.range)
      text(s.content, indent: indent + 1)
    case .row(let s):
      line(indent, "Row\(options(s.options))", s.range)
      s.cells.forEach { text($0, indent: indent + 1) }
    case .rule(let s):
      line(indent, "Rule\(options(s.options))", s.range)
      s.character.map { text($0, indent: indent + 1) }
    case .feed(let s):
      line(indent, "Feed\(options(s.options))", s.range)
      s.lines.map { expression($0, indent: indent + 1) }
    case .cut(let s):
      line(indent, "Cut\(options(s.options))", s.range)
    case .drawer(let s):
      line(indent, "Drawer\(options(s.options))", s.range)
    case .forEach(let s):
      line(indent, "For \(s.variable)", s.range)
      expression(s.sequence, indent: indent + 1)
      line(indent + 1, "Body", nil)
      statements(s.body, indent: indent + 2)
    case .conditional(let s):
      for (index, branch) in s.branches.enumerated() {
        line(indent, index == 0 ? "If" : "ElseIf", branch.range)
        expression(branch.condition, indent: indent + 1)
        line(indent + 1, "Body", nil)
        statements(branch.body, indent: indent + 2)
      }
      if let elseBody = s.elseBody {
        line(indent, "Else", nil)
        statements(elseBody, indent: indent + 1)
      }
    case .set(let s):
      line(indent, "Set \(s.name)", s.range)
      expression(s.value, indent: indent + 1)
    case .table(let s):
      line(indent, "Table\(options(s.options))", s.range)
      statements(s.body, indent: indent + 1)
    case .frame(let s):
      line(
        indent, s.kind.rawValue.prefix(1).uppercased() + s.kind.rawValue.dropFirst() + options(s.options),
        s.range)
      statements(s.body, indent: indent + 1)
    case .include(let s):
      line(indent, "Include \(quote(s.path))", s.range)
    case .image(let s):
      line(indent, "Image \(quote(s.path))\(options(s.options))", s.range)
    case .symbol(let s):
      line(indent, "Symbol \(s.symbology)\(options(s.options))", s.range)
      text(s.content, indent: indent + 1)
    case .shape(let s):
      line(indent, "Shape \(s.kind)\(options(s.options))", s.range)
    }
  }

  mutating func text(_ template: TextTemplate, indent: Int) {
    line(indent, "TextTemplate", template.range)
    for part in template.parts {
      switch part {
      case .text(let text, let range): line(indent + 1, "Literal \(quote(text))", range)
      case .expression(let e): expression(e, indent: indent + 1)
      case .span(let tag, let range):
        switch tag {
        case .open(let kind): line(indent + 1, "Span <\(kind.name)\(Self.sizeWords(kind))>", range)
        case .close(let kind): line(indent + 1, "Span </\(kind.name)>", range)
        }
      }
    }
  }

  /// ` 2x2` for a size span, nothing for the others.
  static func sizeWords(_ kind: SpanKind) -> String {
    if case .size(let scale) = kind { " \(scale)" } else { "" }
  }

  mutating func expression(_ e: Expression, indent: Int) {
    switch e.kind {
    case .number(let n): line(indent, "Number \(n)", e.range)
    case .string(let s): line(indent, "String \(quote(s))", e.range)
    case .boolean(let b): line(indent, "Boolean \(b)", e.range)
    case .null: line(indent, "Null", e.range)
    case .name(let name): line(indent, "Name \(name)", e.range)
    case .member(let base, let member):
      line(indent, "Member .\(member)", e.range)
      expression(base, indent: indent + 1)
    case .index(let base, let index):
      line(indent, "Index", e.range)
      expression(base, indent: indent + 1)
      expression(index, indent: indent + 1)
    case .unary(let op, let operand):
      line(indent, "Unary \(op.rawValue)", e.range)
      expression(operand, indent: indent + 1)
    case .binary(let op, let left, let right):
      line(indent, "Binary \(op.rawValue)", e.range)
      expression(left, indent: indent + 1)
      expression(right, indent: indent + 1)
    case .filter(let input, let call):
      line(indent, "Filter \(call.name)", e.range)
      expression(input, indent: indent + 1)
      call.arguments.forEach { expression($0, indent: indent + 1) }
    }
  }

  func options(_ options: [Option]) -> String {
    options.map { option in
      " " + option.name + (option.value == nil ? "" : "=" + (option.valueText.map(quote) ?? "{{…}}"))
    }.joined()
  }

  mutating func line(_ indent: Int, _ text: String, _ range: SourceRange?) {
    out += String(repeating: "  ", count: indent) + text
    if let range {
      let start = file.location(at: range.start)
      let end = file.location(at: range.end)
      out += " @\(start.line):\(start.column)-\(end.line):\(end.column)"
    }
    out += "\n"
  }

  func quote(_ text: String) -> String {
    "\"" + text.replacingNewlines() + "\""
  }
}

extension String {
  fileprivate func replacingNewlines() -> String {
    var out = ""
    for character in self {
      switch character {
      case "\n": out += "\\n"
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default: out.append(character)
      }
    }
    return out
  }
}
