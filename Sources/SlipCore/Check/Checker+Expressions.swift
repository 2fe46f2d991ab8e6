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

  /// A label's text: its expressions checked, and inline span tags refused (a label's text box
  /// is one font; they would otherwise print as characters).
  mutating func checkLabelPrinted(_ text: TextTemplate) {
    checkText(text)
    var reader = SpanReader()
    let read = reader.read(text)
    // A tag, or what was meant as one, is refused once: on a label it would print as characters.
    for case .span(_, let range) in read.parts {
      diagnostics.append(Diagnostic(.spanInLabel(), at: range))
      return
    }
    if let attempt = reader.diagnostics.first {
      diagnostics.append(Diagnostic(.spanInLabel(), at: attempt.range))
    }
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
