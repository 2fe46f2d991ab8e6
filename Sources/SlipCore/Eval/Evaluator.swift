/// Runs a checked template against data: loops, conditions, expressions and filters, producing
/// the items layout places on paper. A failing statement is reported and skipped; the rest run.
struct Evaluator {
  /// Thrown once a diagnostic has been recorded, to abandon the current statement.
  private struct Reported: Error {}

  /// A value with the JSON path it was read from (nil when computed), or a path that the data
  /// does not have (false in a condition, an error elsewhere).
  private enum Operand {
    case value(Value, path: String?)
    case missing(Missing)
  }

  /// A local variable: its value and, when it holds data, where in the data it came from.
  private struct Binding {
    var value: Value
    var path: String?
  }

  /// A data path that does not exist, with what does exist at its parent.
  private struct Missing {
    var path: String
    var name: String
    var parent: Value?
    var parentPath: String?
    var range: SourceRange
  }

  private let filters: FilterCatalog
  private let root: JSONObject
  /// What `now` stands for: seconds since 1970, when the caller provides a clock.
  private let now: ExactDecimal?
  private var scopes: [[String: Binding]] = [[:]]
  private var items: [LayoutItem] = []
  private var diagnostics: [Diagnostic] = []
  /// Diagnostics already given, by ID and place: a loop repeats a mistake, not its message.
  private var reported: Set<String> = []

  init(data: JSONObject, now: ExactDecimal? = nil, filters: FilterCatalog = .standard) {
    self.root = data
    self.now = now
    self.filters = filters
  }

  /// The layout items and the problems found.
  mutating func evaluate(_ template: CheckedTemplate) -> (items: [LayoutItem], diagnostics: [Diagnostic]) {
    run(template.body)
    return (items, diagnostics)
  }

  // MARK: Statements

  private mutating func run(_ statements: [CheckedStatement]) {
    for statement in statements {
      do throws(Reported) {
        try run(statement)
      } catch {
        continue
      }
    }
  }

  private mutating func run(_ statement: CheckedStatement) throws(Reported) {
    switch statement {
    case .text(let template, let settings, let range):
      items.append(.text(try render(template), settings, range))
    case .row(let cells, let settings, let range):
      items.append(.row(try render(cells), settings, range))
    case .tableRow(let cells, let settings, let table, let range):
      items.append(.tableRow(try render(cells), settings, table, range))
    case .rule(let character, let settings, let range):
      items.append(.rule(character, settings, range))
    case .feed(let expression, let range):
      var lines = 1
      if let expression {
        let value = try value(of: expression)
        guard case .number(let n) = value, let count = n.intValue, (0...255).contains(count) else {
          throw report(.feedCount(FilterCatalog.describe(value)), at: expression.range)
        }
        lines = count
      }
      items.append(.feed(lines, range))
    case .cut(let kind, let range):
      items.append(.cut(kind, range))
    case .drawer(let pin, let on, let off, let range):
      items.append(.drawer(pin: pin, on: on, off: off, range))
    case .forEach(let variable, let sequence, let body, _):
      let (list, listPath) = try located(sequence)
      guard case .array(let elements) = list else {
        throw report(
          .notAList(listPath ?? sequence.path ?? "the value", kind: list.kindName), at: sequence.range)
      }
      scopes.append([:])
      defer { scopes.removeLast() }
      for (index, element) in elements.enumerated() {
        scopes[scopes.count - 1] = [
          variable: Binding(value: element, path: listPath.map { "\($0)[\(index)]" }),
          "loop": Binding(value: Self.loopValue(index: index, count: elements.count), path: nil),
        ]
        run(body)
      }
    case .conditional(let branches, let elseBody):
      for (condition, body) in branches where try truth(of: condition) {
        run(body)
        return
      }
      if let elseBody { run(elseBody) }
    case .set(let name, let expression, _):
      let (value, path) = try located(expression)
      scopes[scopes.count - 1][name] = Binding(value: value, path: path)
    }
  }

  /// `loop.index` (from 1), `loop.index0`, `loop.first`, `loop.last`, `loop.length`.
  private static func loopValue(index: Int, count: Int) -> Value {
    var loop = JSONObject()
    loop.set(.number(ExactDecimal(index + 1)), forKey: "index")
    loop.set(.number(ExactDecimal(index)), forKey: "index0")
    loop.set(.bool(index == 0), forKey: "first")
    loop.set(.bool(index == count - 1), forKey: "last")
    loop.set(.number(ExactDecimal(count)), forKey: "length")
    return .object(loop)
  }

  // MARK: Text

  /// Every cell rendered, each with where its template is.
  private mutating func render(_ cells: [TextTemplate]) throws(Reported) -> [(text: String, range: SourceRange)] {
    var texts: [(text: String, range: SourceRange)] = []
    for cell in cells {
      texts.append((try render(cell), cell.range))
    }
    return texts
  }

  private mutating func render(_ template: TextTemplate) throws(Reported) -> String {
    var out = ""
    var failed = false
    for part in template.parts {
      switch part {
      case .text(let text, _):
        out += text
      case .expression(let expression):
        // Every interpolation is tried, so one run reports each broken one.
        do throws(Reported) {
          out += try text(of: try value(of: expression), at: expression.range)
        } catch {
          failed = true
        }
      }
    }
    if failed { throw Reported() }
    return out
  }

  private mutating func text(of value: Value, at range: SourceRange) throws(Reported) -> String {
    switch value {
    case .string(let s): return s
    case .number(let n): return n.description
    case .bool(let b): return b ? "true" : "false"
    case .null: return ""
    case .array, .object: throw report(.notPrintable(value.kindName), at: range)
    }
  }

  // MARK: Expressions

  private mutating func truth(of expression: Expression) throws(Reported) -> Bool {
    switch try operand(expression) {
    case .value(let value, _): value.isTruthy
    case .missing: false
    }
  }

  private mutating func value(of expression: Expression) throws(Reported) -> Value {
    switch try operand(expression) {
    case .value(let value, _): return value
    case .missing(let missing): throw report(missing)
    }
  }

  /// The value and its data path; a missing path is an error.
  private mutating func located(_ expression: Expression) throws(Reported) -> (Value, String?) {
    switch try operand(expression) {
    case .value(let value, let path): return (value, path)
    case .missing(let missing): throw report(missing)
    }
  }

  private mutating func operand(_ expression: Expression) throws(Reported) -> Operand {
    switch expression.kind {
    case .number(let n): return .value(.number(n), path: nil)
    case .string(let s): return .value(.string(s), path: nil)
    case .boolean(let b): return .value(.bool(b), path: nil)
    case .null: return .value(.null, path: nil)
    case .name(let name):
      for scope in scopes.reversed() {
        if let binding = scope[name] { return .value(binding.value, path: binding.path) }
      }
      if let value = root[name] { return .value(value, path: name) }
      if name == "now", let now { return .value(.number(now), path: nil) }
      return .missing(
        Missing(path: name, name: name, parent: nil, parentPath: nil, range: expression.range))
    case .member(let base, let member):
      let (container, basePath) = try located(base)
      let path = basePath.map { "\($0).\(member)" }
      switch container {
      case .object(let object):
        if let value = object[member] { return .value(value, path: path) }
        return .missing(
          Missing(
            path: path ?? member, name: member, parent: container, parentPath: basePath,
            range: expression.range))
      case .array(let elements) where member == "length":
        return .value(.number(ExactDecimal(elements.count)), path: nil)
      default:
        throw report(
          .memberOfNonObject(basePath ?? base.path ?? "the value", kind: container.kindName, member: member),
          at: expression.range)
      }
    case .index(let base, let indexExpression):
      return try subscriptOperand(base: base, index: indexExpression, range: expression.range)
    case .unary(.not, let operand):
      return .value(.bool(!(try truth(of: operand))), path: nil)
    case .unary(.negate, let operand):
      let value = try value(of: operand)
      guard case .number(let n) = value else {
        throw report(.unaryOperandType("-", FilterCatalog.describe(value)), at: expression.range)
      }
      return .value(.number(n.negated), path: nil)
    case .binary(let op, let left, let right):
      return .value(try binary(op, left, right, range: expression.range), path: nil)
    case .filter(let input, let call):
      return .value(try applyFilter(call, to: input), path: nil)
    }
  }

  private mutating func subscriptOperand(base: Expression, index: Expression, range: SourceRange)
    throws(Reported) -> Operand
  {
    let (container, basePath) = try located(base)
    let key = try value(of: index)
    switch (container, key) {
    case (.array(let elements), .number(let n)):
      guard let i = n.intValue else {
        throw report(.invalidIndex("a list with \(n)"), at: index.range)
      }
      // Negative indices count from the end: items[-1] is the last item.
      let position = i < 0 ? elements.count + i : i
      guard elements.indices.contains(position) else {
        throw report(
          .indexOutOfRange(basePath ?? base.path ?? "the list", index: n.description, count: elements.count),
          at: index.range)
      }
      return .value(elements[position], path: basePath.map { "\($0)[\(position)]" })
    case (.object(let object), .string(let name)):
      let path = basePath.map { "\($0)[\"\(name)\"]" }
      if let value = object[name] { return .value(value, path: path) }
      return .missing(
        Missing(path: path ?? name, name: name, parent: container, parentPath: basePath, range: range))
    default:
      throw report(
        .invalidIndex("a \(container.kindName) with \(FilterCatalog.describe(key))"), at: index.range)
    }
  }

  private mutating func binary(_ op: BinaryOperator, _ left: Expression, _ right: Expression, range: SourceRange)
    throws(Reported) -> Value
  {
    switch op {
    case .and:
      guard case .value(let l, _) = try operand(left), l.isTruthy else { return .bool(false) }
      guard case .value(let r, _) = try operand(right) else { return .bool(false) }
      return r
    case .or:
      if case .value(let l, _) = try operand(left), l.isTruthy { return l }
      guard case .value(let r, _) = try operand(right) else { return .bool(false) }
      return r
    default:
      break
    }
    let l = try value(of: left)
    let r = try value(of: right)
    func mismatch() -> Reported {
      report(
        .operandTypes(op.rawValue, FilterCatalog.describe(l), FilterCatalog.describe(r)), at: range)
    }
    switch op {
    case .equal: return .bool(l == r)
    case .notEqual: return .bool(l != r)
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      let order: Int
      switch (l, r) {
      case (.number(let a), .number(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
      case (.string(let a), .string(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
      default: throw mismatch()
      }
      switch op {
      case .less: return .bool(order < 0)
      case .lessOrEqual: return .bool(order <= 0)
      case .greater: return .bool(order > 0)
      default: return .bool(order >= 0)
      }
    case .add:
      switch (l, r) {
      case (.string(let a), .string(let b)): return .string(a + b)
      case (.string(let a), .number(let b)): return .string(a + b.description)
      case (.number(let a), .string(let b)): return .string(a.description + b)
      default: break
      }
      fallthrough
    case .subtract, .multiply, .divide, .remainder:
      guard case .number(let a) = l, case .number(let b) = r else { throw mismatch() }
      do throws(ExactDecimal.ArithmeticError) {
        switch op {
        case .add: return .number(try a.adding(b))
        case .subtract: return .number(try a.subtracting(b))
        case .multiply: return .number(try a.multiplying(by: b))
        case .divide: return .number(try a.dividing(by: b))
        default: return .number(try a.remainder(dividingBy: b))
        }
      } catch .divisionByZero {
        throw report(.divisionByZero(), at: right.range)
      } catch {
        throw report(.arithmeticOverflow(), at: range)
      }
    case .and, .or:
      fatalError("handled above")
    }
  }

  private mutating func applyFilter(_ call: FilterCall, to input: Expression) throws(Reported) -> Value {
    guard let filter = filters[call.name] else {
      // The checker reported it; evaluation never reaches an unchecked template.
      throw Reported()
    }
    var arguments: [Value] = []
    if filter.perElement == nil {
      for argument in call.arguments {
        arguments.append(try value(of: argument))
      }
    }
    let subject: Value
    var subjectPath: String?
    switch try operand(input) {
    case .value(let value, let path):
      subject = value
      subjectPath = path
    case .missing(let missing):
      // `default` exists for data that may be absent.
      guard call.name == "default" else { throw report(missing) }
      subject = .null
    }
    do throws(FilterFailure) {
      if let mode = filter.perElement, let argument = call.arguments.first {
        return try combine(subject, path: subjectPath, mode: mode, argument: argument, filter: call.name)
      }
      return try filter.apply(subject, arguments)
    } catch {
      if error.isAlreadyReported { throw Reported() }
      var notes: [Note] = []
      if let path = subjectPath ?? input.path {
        notes.append(Note("'\(path)' is \(FilterCatalog.describe(subject))", at: input.range))
      }
      throw report(.filterFailed(error.message), at: call.nameRange, notes: notes)
    }
  }

  /// `list | sum(expression)` and `list | count(condition)`: the argument evaluated for each
  /// element, with the element's fields (and the element itself as `it`) in scope.
  private mutating func combine(
    _ subject: Value, path: String?, mode: FilterCatalog.PerElement, argument: Expression, filter: String
  ) throws(FilterFailure) -> Value {
    guard case .array(let elements) = subject else {
      throw FilterFailure("'\(filter)' needs a list, got \(FilterCatalog.describe(subject))")
    }
    var total = ExactDecimal.zero
    var count = 0
    for (index, element) in elements.enumerated() {
      let elementPath = path.map { "\($0)[\(index)]" }
      var scope = ["it": Binding(value: element, path: elementPath)]
      if case .object(let object) = element {
        for key in object.keys {
          scope[key] = Binding(value: object[key] ?? .null, path: elementPath.map { "\($0).\(key)" })
        }
      }
      scopes.append(scope)
      defer { scopes.removeLast() }
      let value: Value
      do throws(Reported) {
        value = try self.value(of: argument)
      } catch {
        throw FilterFailure.alreadyReported
      }
      switch mode {
      case .count:
        if value.isTruthy { count += 1 }
      case .sum:
        guard case .number(let n) = value else {
          throw FilterFailure(
            "'sum' adds numbers, but for element \(index) the expression gives \(FilterCatalog.describe(value))")
        }
        do throws(ExactDecimal.ArithmeticError) {
          total = try total.adding(n)
        } catch {
          throw FilterFailure("the sum is too large for an exact decimal of 38 digits")
        }
      }
    }
    return .number(mode == .sum ? total : ExactDecimal(count))
  }

  // MARK: Reporting

  private mutating func report(_ missing: Missing) -> Reported {
    guard let parent = missing.parent, case .object(let object) = parent else {
      let candidates = Set(scopes.flatMap(\.keys)).union(root.keys).sorted()
      var help: [String] = []
      if let suggestion = Suggestion.closest(to: missing.name, in: candidates) {
        help.append("did you mean '\(suggestion)'?")
      }
      let topLevel =
        root.keys.isEmpty
        ? "the data is empty; pass a JSON file with --data"
        : "the data's top level has \(Self.keyList(root.keys))"
      return report(.unknownName(missing.name), at: missing.range, notes: [Note(topLevel)], help: help)
    }
    var help: [String] = []
    if let suggestion = Suggestion.closest(to: missing.name, in: object.keys) {
      help.append("did you mean '\(suggestion)'?")
    }
    let holder = missing.parentPath.map { "'\($0)'" } ?? "the object"
    let contents =
      object.keys.isEmpty ? "\(holder) is an empty object" : "\(holder) has \(Self.keyList(object.keys))"
    return report(.missingPath(missing.path), at: missing.range, notes: [Note(contents)], help: help)
  }

  /// `'name', 'address' and 3 more`.
  private static func keyList(_ keys: [String]) -> String {
    let shown = keys.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
    return keys.count > 8 ? shown + " and \(keys.count - 8) more" : shown
  }

  @discardableResult
  private mutating func report(
    _ message: DiagnosticMessage, at range: SourceRange?, notes: [Note] = [], help: [String] = []
  ) -> Reported {
    let key = "\(message.id)@\(range.map { "\($0.file):\($0.start)" } ?? "")"
    if reported.insert(key).inserted {
      diagnostics.append(Diagnostic(message, at: range, notes: notes, help: help))
    }
    return Reported()
  }
}
