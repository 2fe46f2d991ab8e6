import SlipIR
import SlipSupport

// Expressions: names that exist only in places (`loop`), filters and their arities.
extension Checker {
  mutating func checkText(_ text: TextTemplate) {
    for case .expression(let expression) in text.parts {
      checkExpression(expression)
    }
  }

  /// Printed text (`text`, row and table cells): its expressions checked and its inline span
  /// tags read out of its literal pieces.
  mutating func checkPrinted(_ text: TextTemplate) -> TextTemplate {
    checkText(text)
    var reader = SpanReader()
    let read = reader.read(text)
    diagnostics += reader.diagnostics
    return read
  }

  /// A label's text: read as printed text, then the spans ZPL cannot draw as the preview does
  /// refused. `<size>` would give one text box two glyph heights (`fit=shrink` and `lines=`
  /// count one); turned text is drawn as one field per line; `^FR` strikes cancel where they
  /// overlap, so bold (struck twice) cannot be white on black, nor `<inv>` inside `reverse`.
  mutating func checkLabelPrinted(
    _ text: TextTemplate, rotation: Rotation, reverse: Bool
  ) -> TextTemplate {
    let read = checkPrinted(text)
    var open: [SpanKind] = []
    var refusedTurned = false
    for case .span(let tag, let range) in read.parts {
      switch tag {
      case .close:
        _ = open.popLast()
        continue
      case .open(let kind):
        open.append(kind)
        if rotation != .none {
          if !refusedTurned { diagnostics.append(Diagnostic(.spanInTurnedLabelText(), at: range)) }
          refusedTurned = true
          continue
        }
        let style = SpanStyle(open: open)
        if case .size = kind {
          diagnostics.append(Diagnostic(.spanSizeInLabel(), at: range, help: [Help.labelSpanSize()]))
        } else if style.bold, style.invert || reverse {
          diagnostics.append(
            Diagnostic(.spanBoldOnReverse(reverse: !style.invert), at: range, help: [Help.labelBoldReverse()])
          )
        } else if case .invert = kind, reverse {
          diagnostics.append(Diagnostic(.spanInvertInReverse(), at: range, help: [Help.labelInvertReverse()]))
        }
      }
    }
    return read
  }

  mutating func checkExpression(_ expression: Expression) {
    switch expression.kind {
    case .number, .string, .boolean, .null:
      break
    case .name(let name):
      if name == "copy" || name == "copies" { namesCopies = true }
      if name == "loop", loopDepth == 0 {
        diagnostics.append(Diagnostic(.loopOutsideFor(), at: expression.range))
      }
    case .member(let base, _):
      checkExpression(base)
    case .index(let base, let index):
      checkExpression(base)
      checkExpression(index)
    case .unary(_, let operand):
      checkExpression(operand)
    case .binary(_, let left, let right):
      checkExpression(left)
      checkExpression(right)
    case .filter(let input, let call):
      checkExpression(input)
      call.arguments.forEach { checkExpression($0) }
      guard let filter = filters[call.name] else {
        let names = filters.filters.keys.sorted()
        var (help, fixIts) = Suggestion.didYouMean(call.name, at: call.nameRange, in: names)
        if help.isEmpty {
          help.append(Help.filters(names))
        }
        diagnostics.append(
          Diagnostic(.unknownFilter(call.name), at: call.nameRange, help: help, fixIts: fixIts))
        return
      }
      let count = call.arguments.count
      if count < filter.minArguments || count > filter.maxArguments {
        let expected =
          filter.minArguments == filter.maxArguments
          ? (filter.maxArguments == 0
            ? "no arguments" : "\(filter.maxArguments) argument\(filter.maxArguments == 1 ? "" : "s")")
          : "\(filter.minArguments) to \(filter.maxArguments) arguments"
        diagnostics.append(
          Diagnostic(
            .filterArity(call.name, expected: expected, got: count), at: call.nameRange,
            help: [Help.writeItAs(filter.signature)]))
      }
    }
  }
}
