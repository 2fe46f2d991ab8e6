import SlipSupport

/// Reads one statement's options against the names it accepts, reporting unknown, repeated and
/// malformed ones; typed getters report bad values and fall back to the default so checking
/// goes on.
struct OptionReader {
  private let statement: String
  private var byName: [String: Option] = [:]
  private(set) var diagnostics: [Diagnostic] = []
  /// Whether numeric options may be written as `"{{ … }}"` and computed per record (label
  /// elements, issue 24); elsewhere such a value is E0313.
  var allowsComputed = false
  /// The numeric options written as expressions, in the order they were read.
  private(set) var computed: [ComputedOption] = []

  init(_ options: [Option], statement: String, accepts names: [String]) {
    self.statement = statement
    for option in options {
      guard names.contains(option.name) else {
        var (help, fixIts) = Suggestion.didYouMean(option.name, at: option.nameRange, in: names)
        if help.isEmpty {
          help.append(Help.optionsAccepted(statement, names))
        }
        diagnostics.append(
          Diagnostic(
            .unknownOption(option.name, statement: statement), at: option.nameRange, help: help,
            fixIts: fixIts))
        continue
      }
      if byName[option.name] != nil {
        diagnostics.append(Diagnostic(.duplicateOption(option.name), at: option.range))
        continue
      }
      byName[option.name] = option
    }
  }

  /// A flag such as `bold`: present or not, never with a value.
  mutating func flag(_ name: String) -> Bool {
    guard let option = byName[name] else { return false }
    if let range = option.valueRange {
      diagnostics.append(Diagnostic(.optionTakesNoValue(name), at: range))
    }
    return true
  }

  /// An option whose value is one of `choices`.
  mutating func choice(_ name: String, _ choices: [String]) -> String? {
    guard let text = literal(name, expected: choices.joined(separator: "|")) else { return nil }
    guard let option = byName[name], choices.contains(text) else {
      report(name, text, expected: Self.list(choices))
      return nil
    }
    _ = option
    return text
  }

  /// An integer option within `range`.
  mutating func integer(_ name: String, in range: ClosedRange<Int>) -> Int? {
    if let placeholder = computedPlaceholder(name, unit: .count, in: range) { return placeholder }
    guard let text = literal(name, expected: ExpectedValue.number) else { return nil }
    guard let value = Int(text), range.contains(value) else {
      report(name, text, expected: ExpectedValue.wholeNumber(range))
      return nil
    }
    return value
  }

  /// `scale=2` (both ways) or `scale=2x1` (width × height), each 1 to 8.
  mutating func scale(_ name: String) -> (width: Int, height: Int)? {
    guard let text = literal(name, expected: ExpectedValue.scale) else { return nil }
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    let numbers = parts.compactMap { Int($0) }.filter { (1...8).contains($0) }
    guard numbers.count == parts.count, (1...2).contains(numbers.count) else {
      report(name, text, expected: ExpectedValue.scaleWords)
      return nil
    }
    return (numbers[0], numbers.last!)
  }

  /// A length in dots: a bare number is dots, `10mm`, `1.5cm` and `0.5in` are converted at `dpi`.
  mutating func dots(_ name: String, dpi: Int, in range: ClosedRange<Int>) -> Int? {
    if let placeholder = computedPlaceholder(name, unit: .dots(dpi: dpi), in: range) { return placeholder }
    guard let text = literal(name, expected: ExpectedValue.length) else { return nil }
    guard let dots = Self.dots(text, dpi: dpi), range.contains(dots) else {
      report(name, text, expected: ExpectedValue.length(range))
      return nil
    }
    return dots
  }

  /// A length's text in dots (`12`, `10mm`, `1.5cm`, `0.5in`), or nil when it is not one.
  static func dots(_ text: String, dpi: Int) -> Int? {
    let units: [(suffix: String, perInch: ExactDecimal)] = [
      ("mm", ExactDecimal(significand: 254, scale: 1)), ("cm", ExactDecimal(significand: 254, scale: 2)),
      ("in", ExactDecimal(1)),
    ]
    var number = Substring(text)
    var perInch: ExactDecimal?
    for unit in units where text.hasSuffix(unit.suffix) {
      number = text.dropLast(unit.suffix.count)
      perInch = unit.perInch
    }
    // Dots: value × dpi / (units per inch), rounded half away from zero.
    guard let value = ExactDecimal(String(number)),
      let scaled = try? value.multiplying(by: ExactDecimal(perInch == nil ? 1 : dpi)).dividing(
        by: perInch ?? ExactDecimal(1)),
      let dots = scaled.rounded(toPlaces: 0).intValue
    else { return nil }
    return dots
  }

  /// Computed options renamed, `old: new`: what a box turned a quarter does to `w` and `h`.
  mutating func renameComputed(_ names: [String: String]) {
    for index in computed.indices {
      if let name = names[computed[index].name] { computed[index].setting = name }
    }
  }

  /// For an option written as an expression where that is allowed: records it and returns a
  /// stand-in within `range` for the checks that follow; the evaluator puts the real value in.
  private mutating func computedPlaceholder(
    _ name: String, unit: ComputedOption.Unit, in range: ClosedRange<Int>
  ) -> Int? {
    guard allowsComputed, let option = byName[name], case .string(let template) = option.value,
      template.literalText == nil
    else { return nil }
    computed.append(
      ComputedOption(
        name: name, content: template, unit: unit, allowed: range, range: option.valueRange ?? option.range))
    return min(max(0, range.lowerBound), range.upperBound)
  }

  /// An option whose value is free text, such as `widths="* 4 14"`.
  mutating func text(_ name: String, expected: String) -> String? {
    literal(name, expected: expected)
  }

  /// Reports that the value of `name` is not one of the accepted forms.
  mutating func reportValue(_ name: String, _ value: String, expected: String) {
    report(name, value, expected: expected)
  }

  /// The range of a given option, for messages about its value.
  func range(of name: String) -> SourceRange? {
    byName[name].map { $0.valueRange ?? $0.nameRange }
  }

  /// The literal text of an option's value; reports a missing value or an interpolation.
  private mutating func literal(_ name: String, expected: String) -> String? {
    guard let option = byName[name] else { return nil }
    guard option.value != nil else {
      diagnostics.append(Diagnostic(.optionNeedsValue(name, expected: expected), at: option.nameRange))
      return nil
    }
    guard let text = option.valueText else {
      diagnostics.append(Diagnostic(.optionNotInterpolated(name), at: option.range))
      return nil
    }
    return text
  }

  private mutating func report(_ name: String, _ value: String, expected: String) {
    guard let option = byName[name] else { return }
    diagnostics.append(
      Diagnostic(
        .invalidOptionValue(value, option: name, expected: expected),
        at: option.valueRange ?? option.nameRange))
  }

  /// `a, b or c`.
  static func list(_ words: [String]) -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + words.last!
  }
}
