/// The checker's diagnostics, alphabetically.
extension DiagnosticMessage {
  static func bitmapFontCannotShrink(_ font: String) -> Self {
    .init(
      id: "E0382", .error,
      "font '\(font)' comes in whole magnifications of its cell and cannot shrink to fit; use font 0",
      label: "needs font 0")
  }
  static func bitmapFontSize(_ font: String, option: String, cell: Int, value: Int) -> Self {
    .init(
      id: "E0380", .error,
      "font '\(font)' is \(cell) dots \(option == "size" ? "tall" : "wide") or a whole multiple of that up to "
        + "\(cell * 10), not \(value)",
      label: "a multiple of \(cell)")
  }
  static func boxTooNarrow(columns: Int) -> Self {
    .init(
      id: "E0366", .error,
      "a box takes 4 columns for its rules and margins, and the line here has \(columns); nothing would fit inside",
      label: "no room inside")
  }
  static func columnCount(_ got: Int, expected: Int) -> Self {
    .init(
      id: "E0363", .error,
      "these columns hold \(got) 'column' block\(got == 1 ? "" : "s"), but 'widths' gives \(expected)",
      label: "wrong number of columns")
  }
  static func columnOutsideColumns() -> Self {
    .init(
      id: "E0362", .error, "'column' belongs inside 'columns', which sets the columns' widths",
      label: "not inside 'columns'")
  }
  static func columnsTooMany(_ columns: Int, paper: String, font: String, most: Int) -> Self {
    .init(
      id: "E0312", .error,
      "\(columns) columns do not fit \(paper) paper in font \(font); it holds at most \(most)",
      label: "too many columns")
  }
  static func columnsTooWide(_ needs: Int, columns: Int) -> Self {
    .init(
      id: "E0364", .error, "these columns need at least \(needs) columns, but the line has \(columns)",
      label: "too wide")
  }
  static func conflictingOptions(_ first: String, _ second: String, statement: String) -> Self {
    .init(
      id: "E0340", .error, "'\(statement)' takes '\(first)' or '\(second)', not both",
      label: "contradicts '\(first)'")
  }
  static func duplicateOption(_ name: String) -> Self {
    .init(id: "E0306", .error, "option '\(name)' is given more than once", label: "repeated")
  }
  static func feedLiteral(_ value: String) -> Self {
    .init(
      id: "E0336", .error, "'feed' takes a whole number of lines from 0 to 255, not \(value)",
      label: "bad count")
  }
  static func filterArity(_ name: String, expected: String, got: Int) -> Self {
    .init(
      id: "E0303", .error,
      "filter '\(name)' takes \(expected), but \(got == 0 ? "none were" : "\(got) \(got == 1 ? "was" : "were")") given",
      label: "wrong number of arguments")
  }
  static func frameLine(_ what: String) -> Self {
    .init(
      id: "E0360", .error,
      "a line inside a border cannot be \(what); the border's columns are single-width characters of the receipt's font",
      label: "not in the border's columns")
  }
  static func headerNotFirst(_ kind: String) -> Self {
    .init(
      id: "E0308", .error, "'\(kind)' must be the first statement of a template, and only once",
      label: "misplaced")
  }
  static func imageDataEmpty() -> Self {
    .init(
      id: "E0353", .error, "the picture's path or 'data:' URI is empty in the data", label: "no picture")
  }
  static func imageDataNotBase64() -> Self {
    .init(id: "E0350", .error, "the picture's 'data:' URI is not valid base64", label: "corrupt picture")
  }
  static func imageDataNotPNG(_ header: String) -> Self {
    .init(
      id: "E0351", .error,
      "'\(header)' is not a picture Slip reads from data; send 'data:image/png;base64,…' or a path",
      label: "not a PNG data URI")
  }
  static func imageDataTooLarge(limit: Int) -> Self {
    .init(
      id: "E0352", .error, "the picture's 'data:' URI holds more than \(limit) bytes",
      label: "too large")
  }
  static func imageFailed(_ message: String) -> Self {
    .init(id: "E0323", .error, message, label: "cannot use this image")
  }
  static func imageReaderMissing(_ path: String) -> Self {
    .imageFailed("this compilation has no way to read images like '\(path)'")
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
  static func imageUnreadable(_ path: String, reason: String) -> Self {
    .imageFailed("cannot read '\(path)': \(reason)")
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
  static func includeLoaderMissing(_ path: String) -> Self {
    .includeFailed("this compilation has no way to load '\(path)'")
  }
  static func includeTooDeep() -> Self {
    .init(id: "E0319", .error, "includes are nested more than 32 deep", label: "too deep")
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
  static func notInBox(_ statement: String) -> Self {
    .init(
      id: "E0361", .error,
      "'\(statement)' cannot appear inside a 'box'; it prints nothing to frame",
      label: "end the box before this")
  }
  static func notInColumns(_ statement: String) -> Self {
    .init(
      id: "E0365", .error, "'\(statement)' cannot appear between columns; put it inside a 'column'",
      label: "outside every 'column'")
  }
  static func notInTable(_ statement: String) -> Self {
    .init(
      id: "E0317", .error,
      "'\(statement)' cannot appear inside a 'table'; only rows, loops, conditions and 'set' can",
      label: "end the table before this")
  }
  static func optionMissing(_ name: String, statement: String, example: String) -> Self {
    .init(
      id: "E0322", .error, "'\(statement)' needs '\(name)', as in \(example)", label: "missing '\(name)'")
  }
  static func optionNeedsValue(_ name: String, expected: String) -> Self {
    .init(
      id: "E0305", .error, "option '\(name)' needs a value: \(name)=\(expected)", label: "missing value")
  }
  static func optionNotInterpolated(_ name: String) -> Self {
    .init(
      id: "E0313", .error, "the value of '\(name)' cannot contain '{{ }}'", label: "must be literal")
  }
  static func optionTakesNoValue(_ name: String) -> Self {
    .init(id: "E0311", .error, "option '\(name)' takes no value", label: "remove the value")
  }
  static func positionMissing(_ statement: String) -> Self {
    .init(
      id: "E0332", .error, "'\(statement)' on a label needs its position: x= and y=",
      label: "where does it go?")
  }
  static func ratioNeedsEvenModule(_ module: Int) -> Self {
    .init(
      id: "E0383", .error,
      "a wide-to-narrow ratio of 2.5 needs an even module, wide bars 2.5 modules of whole dots; not \(module)",
      label: "use an even module")
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
  static func spanBoldOnReverse(reverse: Bool) -> Self {
    .init(
      id: "E0355", .error,
      reverse
        ? "'<b>' cannot be drawn in 'reverse' label text: its two white strikes cancel where they overlap"
        : "'<b>' cannot be drawn inside '<inv>' on a label: its two white strikes cancel where they overlap",
      label: "bold on black")
  }
  static func spanCloseWithoutOpen(_ name: String) -> Self {
    .init(id: "E0342", .error, "'</\(name)>' closes a span that is not open", label: "nothing to close")
  }
  static func spanInTurnedLabelText() -> Self {
    .init(
      id: "E0349", .error, "inline spans cannot be drawn in turned label text ('rotate=')",
      label: "a span in turned text")
  }
  static func spanInvertInReverse() -> Self {
    .init(
      id: "E0356", .error, "'<inv>' cannot be drawn in 'reverse' label text, which is inverted already",
      label: "inverted twice")
  }
  static func spanMisnested(_ name: String, open: String) -> Self {
    .init(
      id: "E0343", .error, "'</\(name)>' closes a span while '<\(open)>' inside it is still open",
      label: "misnested")
  }
  static func spanNotClosedByBracket() -> Self {
    .init(id: "E0344", .error, "span tag is not closed by '>' in its text", label: "unfinished tag")
  }
  static func spanSize(_ given: String) -> Self {
    .init(
      id: "E0345", .error,
      given.isEmpty
        ? "'<size>' needs a magnification such as '<size 2x2>'"
        : "'<size \(given)>' is not a magnification of 1 to 8 in each direction",
      label: "bad size")
  }
  static func spanSizeInLabel() -> Self {
    .init(
      id: "E0354", .error,
      "'<size>' cannot change the size inside label text: a text box has one glyph height",
      label: "a size in a label")
  }
  static func spanTagArgument(_ name: String) -> Self {
    .init(id: "E0346", .error, "'<\(name)>' takes nothing after its name", label: "unexpected")
  }
  static func spanUnclosed(_ name: String) -> Self {
    .init(id: "E0347", .error, "'<\(name)>' is not closed in its string", label: "never closed")
  }
  static func spanUnknown(_ name: String) -> Self {
    .init(id: "E0348", .error, "unknown span tag '<\(name)>'", label: "unknown tag")
  }
  static func symbolEncoderMissing() -> Self {
    .symbolFailed("this compilation has no way to draw barcodes and QR codes")
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
  static func symbolUnencodable(_ symbology: String, reason: String) -> Self {
    .symbolFailed("cannot encode this as \(symbology): \(reason)")
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
  static func tableRowScaled(_ width: Int) -> Self {
    .init(
      id: "E0341", .error,
      "a row in a table cannot be \(width) times as wide; the table's columns count single-width characters",
      label: "scaled wider than the columns")
  }
  static func tableTooWide(_ needs: Int, columns: Int) -> Self {
    .init(
      id: "E0321", .error, "the table needs at least \(needs) columns, but the line has \(columns)",
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
  static func unknownOption(_ name: String, statement: String) -> Self {
    .init(
      id: "E0301", .error, "unknown option '\(name)' for '\(statement)'", label: "unknown option")
  }
  static func unknownSymbology(_ name: String) -> Self {
    .init(id: "E0329", .error, "unknown barcode type '\(name)'", label: "not a barcode type")
  }
}

/// The checker's help lines, alphabetically.
extension Help {
  static func filters(_ names: [String]) -> String {
    "the filters are \(names.map { "'\($0)'" }.joined(separator: ", "))"
  }
  static func labelBoldReverse() -> String {
    "print the bold words black on white, or mark them with '<u>' instead"
  }
  static func labelInvertReverse() -> String {
    "drop 'reverse' and put '<inv>' around the words to print white on black"
  }
  static func labelSpanSize() -> String {
    "set the size with 'size=' on the text, or give the larger words a 'text' of their own"
  }
  static func optionsAccepted(_ statement: String, _ names: [String]) -> String {
    names.isEmpty
      ? "'\(statement)' takes no options"
      : "'\(statement)' accepts \(names.map { "'\($0)'" }.joined(separator: ", "))"
  }
  static func spanEscape() -> String {
    "the tags are <b>, <u>, <inv> and <size WxH>; write '\\<' for a literal '<'"
  }
  static func spanMisnested(_ open: String) -> String {
    "close '<\(open)>' first: spans nest like '<b><u>…</u></b>'"
  }
  static func spanSize() -> String { "write '<size 2x2>': width and height, each 1 to 8" }
  static func spanUnclosed(_ name: String) -> String {
    "add '</\(name)>' where the span ends, before the closing quote"
  }
  static func startWithHeader() -> String {
    "start the template with a line such as 'receipt paper=58mm' or 'label width=4in height=3in'"
  }
  static func symbologies(_ names: [String]) -> String { "the types are \(names.joined(separator: ", "))" }
  static func tableRowScaled() -> String {
    "use 'scale=1x2' for taller text in the table, or put the wide row after the table's 'end'"
  }
  static func writeItAs(_ signature: String) -> String { "write it as \(signature)" }
}

/// The checker's notes, alphabetically.
extension Note {
  static func includeChain(_ paths: [String]) -> Self {
    Note("the includes go \(paths.map { "'\($0)'" }.joined(separator: " → "))")
  }
  static func tableColumnsSetHere(at range: SourceRange) -> Self {
    Note("the table's columns are set here", at: range)
  }
}

/// What an option's value should be, in the checker's words (`expected:` of ``OptionReader``),
/// alphabetically.
enum ExpectedValue {
  static let alignments = "\"left right right\""
  static func alignments(_ count: Int) -> String { "\(count) of left, center or right separated by spaces" }
  static let home = "x,y in dots (or mm, cm, in) on the label"
  static let imageWidth = "N or N%"
  static func imageWidth(upTo dots: Int) -> String {
    "dots from 1 to the paper's \(dots), or a percentage such as 50%"
  }
  static let length = "dots, or a length such as 10mm or 0.5in"
  static func length(_ range: ClosedRange<Int>) -> String {
    "a length from \(range.lowerBound) to \(range.upperBound) dots (or mm, cm, in)"
  }
  static let number = "N"
  static let scale = "N or WxH"
  static let scaleWords = "a factor from 1 to 8, or WxH such as 2x1"
  static func wholeNumber(_ range: ClosedRange<Int>) -> String {
    "a whole number from \(range.lowerBound) to \(range.upperBound)"
  }
  static let widths = "\"* 4 14\""
  static let widthWords = "'*' or column counts separated by spaces, like \"* 4 14\""
}
