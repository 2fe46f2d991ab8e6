/// The checker's diagnostics, alphabetically.
extension DiagnosticMessage {
  static func columnsTooMany(_ columns: Int, paper: String, font: String, most: Int) -> Self {
    .init(
      id: "E0312", .error,
      "\(columns) columns do not fit \(paper) paper in font \(font); it holds at most \(most)",
      label: "too many columns")
  }
  static func feedLiteral(_ value: String) -> Self {
    .init(
      id: "E0336", .error, "'feed' takes a whole number of lines from 0 to 255, not \(value)",
      label: "bad count")
  }
  static func imageFailed(_ message: String) -> Self {
    .init(id: "E0323", .error, message, label: "cannot use this image")
  }
  static func imageScaledToFit(_ path: String, width: Int, paper: Int) -> Self {
    .init(
      id: "W0324", .warning, "'\(path)' is \(width) dots wide; scaled down to the paper's \(paper)",
      label: "wider than the paper")
  }
  static func imageTooTall(_ path: String, height: Int, most: Int) -> Self {
    .init(
      id: "E0325", .error, "'\(path)' would print \(height) dots tall; images may be at most \(most)",
      label: "too tall")
  }
  static func includeCycle(_ path: String) -> Self {
    .init(id: "E0315", .error, "'\(path)' includes itself", label: "include cycle")
  }
  static func includeFailed(_ message: String) -> Self {
    .init(id: "E0314", .error, message, label: "cannot include")
  }
  static func includeHasHeader(_ kind: String) -> Self {
    .init(
      id: "E0318", .error,
      "an included template cannot have a '\(kind)' header; only the top template says what it prints on",
      label: "remove this line")
  }
  static func includeTooDeep() -> Self {
    .init(id: "E0319", .error, "includes are nested more than 32 deep", label: "too deep")
  }
  static func notInTable(_ statement: String) -> Self {
    .init(
      id: "E0317", .error,
      "'\(statement)' cannot appear inside a 'table'; only rows, loops, conditions and 'set' can",
      label: "end the table before this")
  }
  static func tableCellCount(_ got: Int, expected: Int) -> Self {
    .init(
      id: "E0316", .error,
      "this row has \(got) cell\(got == 1 ? "" : "s"), but the table has \(expected) column\(expected == 1 ? "" : "s")",
      label: "wrong number of cells")
  }
  static func tableNested() -> Self {
    .init(id: "E0320", .error, "tables cannot be nested", label: "inside another table")
  }
  static func tableTooWide(_ needs: Int, columns: Int) -> Self {
    .init(
      id: "E0321", .error, "the table needs at least \(needs) columns, but the line has \(columns)",
      label: "too wide")
  }
  static func duplicateOption(_ name: String) -> Self {
    .init(id: "E0306", .error, "option '\(name)' is given more than once", label: "repeated")
  }
  static func filterArity(_ name: String, expected: String, got: Int) -> Self {
    .init(
      id: "E0303", .error,
      "filter '\(name)' takes \(expected), but \(got == 0 ? "none were" : "\(got) \(got == 1 ? "was" : "were")") given",
      label: "wrong number of arguments")
  }
  static func headerNotFirst(_ kind: String) -> Self {
    .init(
      id: "E0308", .error, "'\(kind)' must be the first statement of a template, and only once",
      label: "misplaced")
  }
  static func invalidOptionValue(_ value: String, option: String, expected: String) -> Self {
    .init(
      id: "E0304", .error, "invalid value '\(value)' for '\(option)'; expected \(expected)",
      label: "invalid value")
  }
  static func labelOnly(_ statement: String) -> Self {
    .init(
      id: "E0330", .error, "'\(statement)' draws on labels; a receipt template cannot use it",
      label: "label only")
  }
  static func lineEndsMissing() -> Self {
    .init(id: "E0334", .error, "'line' needs x1=, y1=, x2= and y2=", label: "missing ends")
  }
  static func loopOutsideFor() -> Self {
    .init(id: "E0309", .error, "'loop' is only defined inside a 'for' block", label: "no enclosing 'for'")
  }
  static func missingHeader() -> Self {
    .init(
      id: "E0307", .error, "a template must start with 'receipt', which says what it prints on",
      label: "expected 'receipt' before this")
  }
  static func optionMissing(_ name: String, statement: String, example: String) -> Self {
    .init(
      id: "E0322", .error, "'\(statement)' needs '\(name)', as in \(example)", label: "missing '\(name)'")
  }
  static func optionNeedsValue(_ name: String, expected: String) -> Self {
    .init(
      id: "E0305", .error, "option '\(name)' needs a value: \(name)=\(expected)", label: "missing value")
  }
  static func optionTakesNoValue(_ name: String) -> Self {
    .init(id: "E0311", .error, "option '\(name)' takes no value", label: "remove the value")
  }
  static func optionNotInterpolated(_ name: String) -> Self {
    .init(
      id: "E0313", .error, "the value of '\(name)' cannot contain '{{ }}'", label: "must be literal")
  }
  static func positionMissing(_ statement: String) -> Self {
    .init(
      id: "E0332", .error, "'\(statement)' on a label needs its position: x= and y=",
      label: "where does it go?")
  }
  static func receiptOnly(_ statement: String) -> Self {
    .init(
      id: "E0331", .error,
      "'\(statement)' flows down receipt paper; on a label, place elements with x= and y=",
      label: "receipt only")
  }
  static func ruleCharacter(_ text: String) -> Self {
    .init(
      id: "E0310", .error, "a rule repeats one single-width character, not '\(text)'",
      label: "one character, like \"-\" or \"=\"")
  }
  static func symbolFailed(_ message: String) -> Self {
    .init(id: "E0327", .error, message, label: "cannot encode")
  }
  static func symbolTooWide(_ symbology: String, dots: Int, paper: Int) -> Self {
    .init(
      id: "E0328", .error,
      "this \(symbology) is \(dots) dots wide, wider than the paper's \(paper); use a smaller module or less data",
      label: "too wide")
  }
  static func textBoxNeedsWidth() -> Self {
    .init(
      id: "E0333", .error, "'align', 'lines' and 'fit' need the box width: add w=",
      label: "no box width")
  }
  static func thresholdWithoutThresholdDither(_ dither: String) -> Self {
    .init(
      id: "E0326", .error, "'threshold' applies only with 'dither=threshold', not '\(dither)'",
      label: "has no effect")
  }
  static func tooManyIncludes(_ limit: Int) -> Self {
    .init(
      id: "E0335", .error, "the template includes more than \(limit) files in all, counting repeats",
      label: "one too many")
  }
  static func unknownFilter(_ name: String) -> Self {
    .init(id: "E0302", .error, "unknown filter '\(name)'", label: "unknown filter")
  }
  static func unknownSymbology(_ name: String) -> Self {
    .init(id: "E0329", .error, "unknown barcode type '\(name)'", label: "not a barcode type")
  }
  static func unknownOption(_ name: String, statement: String) -> Self {
    .init(
      id: "E0301", .error, "unknown option '\(name)' for '\(statement)'", label: "unknown option")
  }
}
