import SlipIR
import SlipSupport

/// Runs a checked template against data: loops, conditions, expressions and filters, producing
/// the items layout places on paper. A failing statement is reported and skipped; the rest run.
struct Evaluator {
  /// Thrown once a diagnostic has been recorded, to abandon the current statement.
  private struct Reported: Error {}

  /// Set when `operand` finds a path the data does not have (it then returns nil): false in
  /// a condition, an error elsewhere. Kept aside so the common path returns a small value.
  private var lastMissing: Missing?

  /// A local name. Data paths for messages are worked out only when a message needs one, from
  /// where the binding came from, so the render path builds no path strings.
  private struct Binding {
    enum Kind {
      /// `set name = …`, with the data path of its value when it was one.
      case value(Value, path: String?)
      /// A loop variable or `it`: element `index` of the list `list` evaluates to.
      case element(Value, list: Expression, index: Int)
      /// `loop` in a `for`: its members are computed on use, not stored.
      case loop(index: Int, count: Int)
      /// The fields of element `index` of `list`, as names inside `sum(…)` and `count(…)`.
      case fields(JSONObject, list: Expression, index: Int)
    }

    /// The name (unused for `fields`, which binds every field's name).
    var name: String
    var kind: Kind

    /// Whether this binding gives `name` a value.
    func binds(_ name: String) -> Bool {
      if case .fields(let object, _, _) = kind { return object[name] != nil }
      return self.name == name
    }

    /// The value this binding gives `name`, or nil when it gives it none: `binds` and the read
    /// in one, so a field is looked up in its object once.
    func value(of name: String) -> Value? {
      if case .fields(let object, _, _) = kind { return object[name] }
      // Not a ternary: typed `Value`, its `nil` branch would be the literal for `Value.null`.
      guard self.name == name else { return nil }
      switch kind {
      case .value(let value, _), .element(let value, _, _): return value
      case .loop(let index, let count): return Evaluator.loopObject(index: index, count: count)
      case .fields(let object, _, _): return object[name]
      }
    }
  }

  /// A data path that does not exist, with what does exist at its parent.
  private struct Missing {
    /// The expression that names it.
    var expression: Expression
    /// The last name of the path: the member or key that is not there.
    var name: String
    /// The object that lacks it, for a member or key; nil for an unknown top-level name.
    var parent: Value?
    /// The expression for that object.
    var parentExpression: Expression?
  }

  private let filters: FilterCatalog
  /// The filter `|` ran last: a receipt's rows run the same one again and again, and comparing
  /// its name costs less than hashing it into the catalog.
  private var lastFilter: FilterCatalog.Filter?
  private let root: JSONObject
  /// What `now` stands for: seconds since 1970, when the caller provides a clock.
  private let now: ExactDecimal?
  let symbolEncoder: (any SymbolEncoder)?
  /// Whether QR codes from the data are measured only, their modules drawn when read
  /// (``RenderOptions/printerDrawsQRCodes``).
  private let measuresQRCodes: Bool
  /// Read pictures the data names or sends (`image "{{ logo }}"`).
  private let loader: (any TemplateLoader)?
  private let imageDecoder: (any ImageDecoder)?
  /// Which copy is being rendered (`copy`, `copies`).
  private let copy: CopyNumber
  /// The paper's width in dots, which no symbol may exceed.
  private let paperDots: Int
  /// The most items one rendering may produce; past it evaluation stops with an error.
  private let maximumItems: Int
  /// Set once the limit is reached: every loop and block stops.
  private var stopped = false
  /// Loop bodies run so far, and the most that may run: loops that print nothing (or nest over
  /// long lists) end with an error instead of running for hours.
  private var iterations = 0
  private var maximumIterations: Int {
    maximumItems > Int.max / 100 ? Int.max : max(Self.minimumIterationLimit, maximumItems * 100)
  }
  /// A million loop bodies: a list of a million items can still be summed by a loop.
  static let minimumIterationLimit = 1_000_000
  /// The most bytes of text one statement may print: 64 KiB is some 2,000 lines of a 58 mm
  /// receipt, and keeps a hostile data value from being wrapped into millions of lines.
  static let maximumTextBytes = 1 << 16
  /// Local names, innermost last; a loop removes the names its body added when it ends.
  private var bindings: [Binding] = []
  private var items: [LayoutItem] = []
  private var diagnostics: [Diagnostic] = []
  /// Diagnostics already given, by ID and place: a loop repeats a mistake, not its message.
  private var reported: Set<String> = []

  init(
    data: JSONObject, now: ExactDecimal? = nil, symbolEncoder: (any SymbolEncoder)? = nil,
    paperDots: Int = 576, maximumItems: Int = 10_000, filters: FilterCatalog = .standard,
    loader: (any TemplateLoader)? = nil, imageDecoder: (any ImageDecoder)? = nil,
    copy: CopyNumber = CopyNumber(), measuresQRCodes: Bool = false
  ) {
    self.measuresQRCodes = measuresQRCodes
    self.loader = loader
    self.imageDecoder = imageDecoder
    self.copy = copy
    self.maximumItems = maximumItems
    self.root = data
    self.now = now
    self.symbolEncoder = symbolEncoder
    self.paperDots = paperDots
    self.filters = filters
  }

  /// The layout items and the problems found.
  mutating func evaluate(_ template: CheckedTemplate) -> (items: [LayoutItem], diagnostics: [Diagnostic]) {
    items.reserveCapacity(template.body.count * 2)
    // A loop's variable and `loop`, two loops deep, without growing the array as they open.
    bindings.reserveCapacity(4)
    run(template.body)
    return (items, diagnostics)
  }

  // MARK: Statements

  private mutating func run(_ statements: [CheckedStatement]) {
    // Statements, like parts and cells below, are read in place by index: a copy of each
    // (retaining everything it holds) cost about as much as running it.
    for index in statements.indices {
      guard !stopped else { return }
      if items.count >= maximumItems {
        stopped = true
        report(.tooManyItems(maximumItems), at: statements[index].range)
        return
      }
      do throws(Reported) {
        try run(statements[index])
      } catch {
        continue
      }
    }
  }

  private mutating func run(_ statement: CheckedStatement) throws(Reported) {
    switch statement {
    case .text(let template, let settings, let range):
      items.append(.text(try renderCell(template), settings, range))
    case .row(let cells, let settings, let range):
      items.append(.row(try render(cells), settings, range))
    case .tableRow(let cells, let settings, let table, let range):
      items.append(.tableRow(try render(cells), settings, table, range))
    case .rule(let character, let settings, let range):
      items.append(.rule(character, settings, range))
    case .tableFrame(let table, let edge, let range):
      items.append(.tableFrame(table, edge, range))
    case .box(let border, let edge, let range):
      items.append(.box(border, edge, range))
    case .columns(let spec, let bodies, let range):
      // Each column's items are gathered apart, then handed to layout together.
      let start = items.count
      var columns: [[LayoutItem]] = []
      for body in bodies {
        run(body)
        columns.append(Array(items[start...]))
        items.removeSubrange(start...)
      }
      items.append(.columns(spec, columns, range))
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
    case .image(let bitmap, let alignment, let name, let position, let range):
      items.append(.image(bitmap, alignment, name: name, position: position, range))
    case .imageFromData(let request, let template, let range):
      items.append(try image(request, template, range))
    case .labelText(let content, let spec, let range):
      items.append(.labelText(try renderCell(content), spec, range))
    case .shape(let element, let range):
      items.append(.shape(element, range))
    case .symbol(let spec, let content, let literal, let range):
      let rendered = TextWidth.normalized(try render(content))
      var data = rendered
      var modules = literal
      do throws(SymbolEncodeError) {
        data = try spec.encoded(rendered)
      } catch {
        throw report(
          .symbolDataFailed(
            "cannot encode \(Self.excerpt(rendered)) as \(spec.symbology.rawValue): \(error.message)"),
          at: spec.contentRange)
      }
      // A QR code the printer draws from its data is measured; its modules wait for a reader.
      // `^BQ` takes printable ASCII: other text prints as a picture, which draws them anyway.
      let measured =
        modules == nil && measuresQRCodes && spec.symbology == .qr
        && TextWidth.isPrintableASCII(data)
      if modules == nil {
        guard let symbolEncoder else { throw Reported() }
        do throws(SymbolEncodeError) {
          modules =
            measured
            ? try symbolEncoder.encodeForSize(spec.symbology, data: data, options: spec.encoding)
            : try symbolEncoder.encode(spec.symbology, data: data, options: spec.encoding)
        } catch {
          throw report(
            .symbolDataFailed(
              "cannot encode \(Self.excerpt(data)) as \(spec.symbology.rawValue): \(error.message)"),
            at: spec.contentRange)
        }
      }
      guard let encoded = modules else { throw Reported() }
      let (printed, module) = spec.printed(encoded)
      guard printed.width * module <= paperDots else {
        throw report(
          .symbolDataTooWide(spec.symbology.rawValue, dots: printed.width * module, paper: paperDots),
          at: spec.contentRange)
      }
      let height = spec.symbology.isLinear ? spec.height : printed.height * module
      let drawing = measured ? drawing(spec, data: data, measured: printed) : SymbolModules(printed)
      let symbol = Symbol(
        symbology: spec.symbology, data: data, module: module, height: height,
        humanReadable: spec.humanReadable, errorCorrection: spec.errorCorrection, drawing: drawing)
      if let position = spec.position {
        // On a label the symbol is placed as it is: an element, turned as the template says.
        let placed = LabelSymbol(
          x: position.x, y: position.y, symbol: symbol, rotation: spec.rotation, source: nil)
        items.append(.shape(.symbol(placed), range))
      } else {
        items.append(.symbol(symbol, spec.alignment, position: nil, range))
      }
    case .forEach(let variable, let sequence, let body, _):
      let list = try value(of: sequence)
      guard case .array(let elements) = list else {
        throw report(
          .notAList(dataPath(of: sequence) ?? sequence.path ?? "the value", kind: list.kindName),
          at: sequence.range)
      }
      let start = bindings.count
      defer {
        bindings.removeSubrange(start...)
      }
      for (index, element) in elements.enumerated() {
        guard !stopped else { break }
        iterations += 1
        guard iterations <= maximumIterations else {
          stopped = true
          throw report(.tooManyIterations(maximumIterations), at: sequence.range)
        }
        bindings.removeSubrange(start...)
        bindings.append(Binding(name: variable, kind: .element(element, list: sequence, index: index)))
        bindings.append(Binding(name: "loop", kind: .loop(index: index, count: elements.count)))
        run(body)
      }
    case .conditional(let branches, let elseBody):
      for (condition, body) in branches where try truth(of: condition) {
        run(body)
        return
      }
      if let elseBody { run(elseBody) }
    case .computed(let element, let options):
      var resolved = element
      for option in options {
        let text = try render(option.content)
        guard let number = option.read(text), option.allowed.contains(number) else {
          throw report(
            .invalidOptionValue(text, option: option.name, expected: option.expected), at: option.range)
        }
        resolved = resolved.setting(option.setting ?? option.name, to: number)
      }
      try run(resolved)
    case .set(let name, let expression, _):
      let value = try value(of: expression)
      let binding = Binding(name: name, kind: .value(value, path: dataPath(of: expression)))
      // A name set before the block is changed, not shadowed: `set total = total + x` in a
      // loop adds up (issue 21). A name first set in a loop lasts to the end of that pass.
      if let index = bindings.lastIndex(where: { $0.name == name }) {
        bindings[index] = binding
      } else {
        bindings.append(binding)
      }
    }
  }

  /// A picture the data sends as a `data:image/png;base64,…` URI, or names by a path (read, as
  /// the template's own pictures are, only inside the template's root), decoded and dithered
  /// with the limits and messages of pictures read when the template compiles.
  private mutating func image(_ request: ImageRequest, _ template: TextTemplate, _ range: SourceRange)
    throws(Reported) -> LayoutItem
  {
    let text = try render(template)
    guard let imageDecoder, let loader else { throw report(.imageReaderMissing("{{ }}"), at: template.range) }
    guard !text.isEmpty else { throw report(.imageDataEmpty(), at: template.range) }
    let name: String
    let bytes: [UInt8]
    if DataURI.isDataURI(text) {
      name = "data:image/png"
      do throws(DataURI.Problem) {
        bytes = try DataURI(text, limit: DataURI.maximumBytes).bytes
      } catch {
        switch error {
        case .notPNG(let header): throw report(.imageDataNotPNG(header), at: template.range)
        case .notBase64: throw report(.imageDataNotBase64(), at: template.range)
        case .tooLarge(let limit): throw report(.imageDataTooLarge(limit: limit), at: template.range)
        }
      }
    } else {
      name = text
      do throws(TemplateLoadError) {
        bytes = try loader.loadData(text, includedFrom: request.includer).bytes
      } catch {
        throw report(.imageFailed(error.message), at: template.range)
      }
    }
    let grey: GreyImage
    do throws(ImageDecodeError) {
      grey = try imageDecoder.decode(bytes, name: name)
    } catch {
      throw report(.imageUnreadable(Self.excerpt(name), reason: error.message), at: template.range)
    }
    let (bitmap, problems) = Checker.prepared(
      grey, name: name, width: request.width, paperDots: paperDots, dither: request.dither,
      threshold: request.threshold)
    for problem in problems { _ = report(problem, at: template.range) }
    guard let bitmap else { throw Reported() }
    return .image(bitmap, request.alignment, name: name, position: request.position, range)
  }

  /// `loop.index` (from 1), `loop.index0`, `loop.first`, `loop.last`, `loop.length`.
  private static func loopMember(_ member: String, index: Int, count: Int) -> Value? {
    switch member {
    case "index": .number(ExactDecimal(index + 1))
    case "index0": .number(ExactDecimal(index))
    case "first": .bool(index == 0)
    case "last": .bool(index == count - 1)
    case "length": .number(ExactDecimal(count))
    default: nil
    }
  }

  /// `loop` as an object, for the rare template that uses it whole.
  private static func loopObject(index: Int, count: Int) -> Value {
    var loop = JSONObject()
    for member in ["index", "index0", "first", "last", "length"] {
      loop.set(loopMember(member, index: index, count: count) ?? .null, forKey: member)
    }
    return .object(loop)
  }

  // MARK: Text

  /// Every cell rendered, each with where its template is.
  private mutating func render(_ cells: [TextTemplate]) throws(Reported) -> [RenderedCell] {
    var texts: [RenderedCell] = []
    texts.reserveCapacity(cells.count)
    for index in cells.indices {
      texts.append(try renderCell(cells[index]))
    }
    return texts
  }

  /// A printed string: its text, and its styled pieces when it has span tags.
  private mutating func renderCell(_ template: TextTemplate) throws(Reported) -> RenderedCell {
    guard template.parts.contains(where: { if case .span = $0 { true } else { false } }) else {
      return RenderedCell(text: try limited(render(template), at: template.range), range: template.range)
    }
    var segments: [StyledSegment] = []
    var open: [SpanKind] = []
    var style = SpanStyle.none
    var failed = false
    func add(_ text: String) {
      guard !text.isEmpty else { return }
      if let last = segments.last, last.style == style {
        segments[segments.count - 1].text += text
      } else {
        segments.append(StyledSegment(text: text, style: style))
      }
    }
    for index in template.parts.indices {
      switch template.parts[index] {
      case .text(let text, _):
        add(text)
      case .expression(let expression):
        do throws(Reported) {
          add(try text(of: try value(of: expression), at: expression.range))
        } catch {
          failed = true
        }
      case .span(let tag, _):
        // The checker has matched every tag: a close ends the innermost span.
        switch tag {
        case .open(let kind): open.append(kind)
        case .close: _ = open.popLast()
        }
        style = SpanStyle(open: open)
      }
    }
    if failed { throw Reported() }
    let text = segments.map { $0.text }.joined()
    return RenderedCell(
      text: try limited(text, at: template.range), range: template.range, segments: segments)
  }

  /// Data quoted for a message: whole when short, else its start and its length, so a
  /// megabyte of hostile data does not become a megabyte of error message.
  static func excerpt(_ data: String) -> String {
    guard data.count > 48 else { return "'\(data)'" }
    return "'\(data.prefix(40))…' (\(data.count) characters)"
  }

  /// `text`, when it is no longer than one statement may print.
  private mutating func limited(_ text: String, at range: SourceRange) throws(Reported) -> String {
    guard text.utf8.count > Self.maximumTextBytes else { return text }
    throw report(.textTooLong(text.utf8.count, limit: Self.maximumTextBytes), at: range)
  }

  private mutating func render(_ template: TextTemplate) throws(Reported) -> String {
    // A literal or a lone interpolation, the usual cases, need no concatenation.
    if template.parts.count == 1 {
      switch template.parts[0] {
      case .text(let text, _): return text
      case .expression(let expression): return try text(of: try value(of: expression), at: expression.range)
      case .span: return ""
      }
    }
    var out = ""
    var failed = false
    for index in template.parts.indices {
      switch template.parts[index] {
      case .text(let text, _):
        out += text
      case .span:
        // Only printed text has tags, and it is rendered with its styles (renderCell).
        break
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
    try operand(expression)?.isTruthy ?? false
  }

  private mutating func value(of expression: Expression) throws(Reported) -> Value {
    guard let value = try operand(expression) else { throw report(takeMissing()) }
    return value
  }

  /// The position of the innermost local binding of `name` among the first `limit` bindings.
  /// A position, not the binding: callers read the one value they need in place, where a copy
  /// of the binding (name, value, list expression) cost more than the search.
  private func lookup(_ name: String, below limit: Int? = nil) -> Int? {
    var position = (limit ?? bindings.count) - 1
    while position >= 0 {
      if bindings[position].binds(name) { return position }
      position -= 1
    }
    return nil
  }

  /// Records a path the data does not have; `operand` then answers nil.
  private mutating func missing(_ missing: Missing) -> Value? {
    lastMissing = missing
    return nil
  }

  /// The missing path `operand` last recorded.
  private mutating func takeMissing() -> Missing {
    defer { lastMissing = nil }
    return lastMissing
      ?? Missing(expression: Expression(.null, SourceRange(file: 0, start: 0, end: 0)), name: "?")
  }

  /// The value of `expression`, or nil (with `lastMissing` set) for a path the data lacks.
  private mutating func operand(_ expression: Expression) throws(Reported) -> Value? {
    switch expression.kind {
    case .number(let n): return .number(n)
    case .string(let s): return .string(s)
    case .boolean(let b): return .bool(b)
    case .null: return .null
    case .name(let name):
      // The innermost binding that gives `name` a value, as `lookup` finds it.
      for position in bindings.indices.reversed() {
        if let value = bindings[position].value(of: name) { return value }
      }
      if let value = root[name] { return value }
      if name == "now", let now { return .number(now) }
      // Which copy of `--copies` this is, from 1, and how many there are: 1 of 1 without them.
      if name == "copy" { return .number(ExactDecimal(copy.number)) }
      if name == "copies" { return .number(ExactDecimal(copy.count)) }
      return missing(Missing(expression: expression, name: name, parent: nil, parentExpression: nil))
    case .member(let base, let member):
      if case .name(let name) = base.kind, let value = self.member(member, ofObjectNamed: name) {
        return value
      }
      // `loop.index` and friends, without building the `loop` object.
      if case .name("loop") = base.kind, let position = lookup("loop"),
        case .loop(let index, let count) = bindings[position].kind,
        let value = Self.loopMember(member, index: index, count: count)
      {
        return value
      }
      let container = try value(of: base)
      switch container {
      case .object(let object):
        if let value = object[member] { return value }
        return missing(
          Missing(expression: expression, name: member, parent: container, parentExpression: base))
      case .array(let elements) where member == "length":
        return .number(ExactDecimal(elements.count))
      default:
        throw report(
          .memberOfNonObject(
            dataPath(of: base) ?? base.path ?? "the value", kind: container.kindName, member: member),
          at: expression.range)
      }
    case .index(let base, let indexExpression):
      return try subscriptOperand(base: base, index: indexExpression, expression: expression)
    case .unary(.not, let operand):
      return .bool(!(try truth(of: operand)))
    case .unary(.negate, let operand):
      let value = try value(of: operand)
      guard case .number(let n) = value else {
        throw report(.unaryOperandType("-", FilterCatalog.describe(value)), at: expression.range)
      }
      return .number(n.negated)
    case .binary(let op, let left, let right):
      return try binary(op, left, right, range: expression.range)
    case .filter(let input, let call):
      return try applyFilter(call, to: input)
    }
  }

  /// `name.member` read where the named object is held, without copying the object: the usual
  /// data path in a template (`item.price`, `shop.name`). Nil when `name` is no object or lacks
  /// `member`; the general path then says why.
  private func member(_ member: String, ofObjectNamed name: String) -> Value? {
    // Resolved as `.name` resolves it: innermost binding, then the data's top level.
    if let position = lookup(name) {
      switch bindings[position].kind {
      case .value(.object(let object), _), .element(.object(let object), _, _): return object[member]
      default: return nil
      }
    }
    guard case .object(let object)? = root[name] else { return nil }
    return object[member]
  }

  private mutating func subscriptOperand(base: Expression, index: Expression, expression: Expression)
    throws(Reported) -> Value?
  {
    let container = try value(of: base)
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
          .indexOutOfRange(
            dataPath(of: base) ?? base.path ?? "the list", index: n.description, count: elements.count),
          at: index.range)
      }
      return elements[position]
    case (.object(let object), .string(let name)):
      if let value = object[name] { return value }
      return missing(Missing(expression: expression, name: name, parent: container, parentExpression: base))
    default:
      throw report(
        .invalidIndex("a \(container.kindName) with \(FilterCatalog.describe(key))"), at: index.range)
    }
  }

  /// Where in the data `expression` reads from (`items[0].price`), worked out for messages.
  /// Names resolve among the bindings below `limit`, as they did where the binding was made.
  private func dataPath(of expression: Expression, below limit: Int? = nil) -> String? {
    switch expression.kind {
    case .name(let name):
      guard let position = lookup(name, below: limit) else {
        return root[name] != nil ? name : nil
      }
      switch bindings[position].kind {
      case .value(_, let path): return path
      case .element(_, let list, let index):
        return dataPath(of: list, below: position).map { "\($0)[\(index)]" }
      case .loop: return nil
      case .fields(_, let list, let index):
        return dataPath(of: list, below: position).map { "\($0)[\(index)].\(name)" }
      }
    case .member(let base, let member):
      return dataPath(of: base, below: limit).map { "\($0).\(member)" }
    case .index(let base, let index):
      let key: String
      switch index.kind {
      case .number(let n): key = n.description
      case .string(let s): key = "\"\(s)\""
      default: key = "…"
      }
      return dataPath(of: base, below: limit).map { "\($0)[\(key)]" }
    default:
      return nil
    }
  }

  private mutating func binary(
    _ op: BinaryOperator, _ left: Expression, _ right: Expression, range: SourceRange
  )
    throws(Reported) -> Value
  {
    switch op {
    case .and:
      guard let l = try operand(left), l.isTruthy else { return .bool(false) }
      return try operand(right) ?? .bool(false)
    case .or:
      if let l = try operand(left), l.isTruthy { return l }
      return try operand(right) ?? .bool(false)
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
    let filter: FilterCatalog.Filter
    if let last = lastFilter, last.name == call.name {
      filter = last
    } else {
      guard let found = filters[call.name] else {
        // The checker reported it; evaluation never reaches an unchecked template.
        throw Reported()
      }
      filter = found
      lastFilter = found
    }
    var arguments: [Value] = []
    if filter.perElement == nil {
      for argument in call.arguments {
        arguments.append(try value(of: argument))
      }
    }
    let subject: Value
    if let value = try operand(input) {
      subject = value
    } else {
      // `default` exists for data that may be absent.
      let missing = takeMissing()
      guard call.name == "default" else { throw report(missing) }
      subject = .null
    }
    do throws(FilterFailure) {
      if let mode = filter.perElement, let argument = call.arguments.first {
        return try combine(subject, list: input, mode: mode, argument: argument, filter: call.name)
      }
      return try filter.apply(subject, arguments)
    } catch {
      if error.isAlreadyReported { throw Reported() }
      var notes: [Note] = []
      if let path = dataPath(of: input) ?? input.path {
        notes.append(.valueIs(path, FilterCatalog.describe(subject), at: input.range))
      }
      throw report(.filterFailed(error.message), at: call.nameRange, notes: notes)
    }
  }

  /// `list | sum(expression)` and `list | count(condition)`: the argument evaluated for each
  /// element, with the element's fields (and the element itself as `it`) in scope.
  private mutating func combine(
    _ subject: Value, list: Expression, mode: FilterCatalog.PerElement, argument: Expression, filter: String
  ) throws(FilterFailure) -> Value {
    guard case .array(let elements) = subject else {
      throw .needsList(filter, subject)
    }
    var total = ExactDecimal.zero
    var count = 0
    for (index, element) in elements.enumerated() {
      let start = bindings.count
      if case .object(let object) = element {
        bindings.append(Binding(name: "", kind: .fields(object, list: list, index: index)))
      }
      bindings.append(Binding(name: "it", kind: .element(element, list: list, index: index)))
      defer { bindings.removeSubrange(start...) }
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
            "'sum' adds numbers, but for element \(index) the expression gives \(FilterCatalog.describe(value))"
          )
        }
        do throws(ExactDecimal.ArithmeticError) {
          total = try total.adding(n)
        } catch {
          throw .sumTooLarge
        }
      }
    }
    return .number(mode == .sum ? total : ExactDecimal(count))
  }

  // MARK: Reporting

  private mutating func report(_ missing: Missing) -> Reported {
    let range = missing.expression.range
    guard let parent = missing.parent, case .object(let object) = parent else {
      var names = Set(root.keys)
      for binding in bindings {
        if case .fields(let fields, _, _) = binding.kind {
          names.formUnion(fields.keys)
        } else {
          names.insert(binding.name)
        }
      }
      var help: [String] = []
      if let suggestion = Suggestion.closest(to: missing.name, in: names.sorted()) {
        help.append(Help.didYouMean(suggestion))
      }
      let topLevel: Note = root.keys.isEmpty ? .dataEmpty() : .topLevelHas(Self.keyList(root.keys))
      return report(.unknownName(missing.name), at: range, notes: [topLevel], help: help)
    }
    var help: [String] = []
    if let suggestion = Suggestion.closest(to: missing.name, in: object.keys) {
      help.append(Help.didYouMean(suggestion))
    }
    let parentPath = missing.parentExpression.flatMap { dataPath(of: $0) ?? $0.path }
    let path = dataPath(of: missing.expression) ?? missing.expression.path ?? missing.name
    let holder = parentPath.map { "'\($0)'" } ?? "the object"
    let contents: Note =
      object.keys.isEmpty ? .emptyObject(holder) : .objectHas(holder, Self.keyList(object.keys))
    return report(.missingPath(path), at: range, notes: [contents], help: help)
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
