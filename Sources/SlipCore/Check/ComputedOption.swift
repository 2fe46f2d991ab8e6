import SlipIR

/// A label element's numeric option written as an expression, `y="{{ 70 + loop.index * 40 }}"`:
/// evaluated for each record, read in the option's unit and checked against the same bounds a
/// literal meets (issue 24), so a list prints as lines.
struct ComputedOption: Sendable {
  /// How the value's text is read.
  enum Unit: Sendable, Equatable {
    /// A length: dots, or `mm`, `cm`, `in` converted at `dpi`.
    case dots(dpi: Int)
    /// A whole number, such as `lines=`.
    case count
  }

  /// The option's name, such as `y`.
  var name: String
  /// The quoted value with its interpolations.
  var content: TextTemplate
  var unit: Unit
  /// The values a literal may take here.
  var allowed: ClosedRange<Int>
  /// Where the value is written.
  var range: SourceRange
  /// The setting the value goes to when it is not the option's own (a turned box's `w` is its
  /// height).
  var setting: String?

  /// The value read from its evaluated text, or nil when the text is no number in this unit.
  func read(_ text: String) -> Int? {
    let trimmed = text.trimmingSpaces
    switch unit {
    case .dots(let dpi): return OptionReader.dots(trimmed, dpi: dpi)
    case .count: return Int(trimmed)
    }
  }

  /// What a value here may be, for the message when it is not.
  var expected: String {
    switch unit {
    case .dots: ExpectedValue.length(allowed)
    case .count: ExpectedValue.wholeNumber(allowed)
    }
  }
}

extension String {
  /// The text without leading and trailing spaces, which an interpolation often leaves.
  fileprivate var trimmingSpaces: String {
    var text = Substring(self)
    while text.first == " " { text = text.dropFirst() }
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}

extension CheckedStatement {
  /// The statement with option `name` set to `value` (in dots or as a count): how the evaluator
  /// puts a computed option's value where the literal would have gone.
  func setting(_ name: String, to value: Int) -> CheckedStatement {
    switch self {
    case .labelText(let content, var spec, let range):
      switch name {
      case "x": spec.position.x = value
      case "y": spec.position.y = value
      case "w": spec.width = value
      case "size":
        spec.size = value
        if case .bitmap(let bitmap, _, let width) = spec.font {
          // A bitmap font prints whole magnifications of its cell: the largest that fits.
          let times = min(10, max(1, value / bitmap.height))
          spec.font = .bitmap(bitmap, height: times, width: width)
          spec.size = bitmap.height * times
        }
      case "width":
        spec.glyphWidth = value
        if case .bitmap(let bitmap, let height, _) = spec.font {
          let times = min(10, max(1, value / bitmap.width))
          spec.font = .bitmap(bitmap, height: height, width: times)
          spec.glyphWidth = bitmap.width * times
        }
      case "lines": spec.maxLines = value
      default: break
      }
      return .labelText(content, spec, range)
    case .symbol(var spec, let content, let literal, let range):
      switch name {
      case "x": spec.position?.x = value
      case "y": spec.position?.y = value
      case "module", "size": spec.module = value
      case "height": spec.height = value
      default: break
      }
      return .symbol(spec, content, literal: literal, range)
    case .image(let bitmap, let alignment, let imageName, var position, let range):
      switch name {
      case "x": position?.x = value
      case "y": position?.y = value
      default: break
      }
      return .image(bitmap, alignment, name: imageName, position: position, range)
    case .shape(let element, let range):
      return .shape(element.setting(name, to: value), range)
    case .computed(let statement, let options):
      return .computed(statement.setting(name, to: value), options)
    default:
      return self
    }
  }
}

extension LabelElement {
  /// The shape with option `name` (as written on `box`, `line` or `circle`) set to `value`.
  func setting(_ name: String, to value: Int) -> LabelElement {
    switch self {
    case .box(var box):
      switch name {
      case "x": box.x = value
      case "y": box.y = value
      case "w": box.width = value
      case "h": box.height = value
      case "border": box.border = value
      default: break
      }
      return .box(box)
    case .line(var line):
      switch name {
      case "x1": line.x1 = value
      case "y1": line.y1 = value
      case "x2": line.x2 = value
      case "y2": line.y2 = value
      case "thickness": line.thickness = value
      default: break
      }
      return .line(line)
    case .circle(var circle):
      switch name {
      case "x": circle.x = value
      case "y": circle.y = value
      case "d", "w": circle.diameter = value
      case "h": circle.ellipseHeight = value
      case "border": circle.border = value
      default: break
      }
      return .circle(circle)
    default:
      return self
    }
  }
}
