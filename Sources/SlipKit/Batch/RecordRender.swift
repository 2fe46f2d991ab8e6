import SlipCore
import SlipRecords

/// What rendering one record of a batch gives that depends on the record alone: the evaluator
/// and the layout, most of a record's cost. Workers make these for the records ahead while the
/// batch writes the records before them in order (the writer's graphic cache, the stored format
/// and the warnings stay with the batch).
struct RecordRender: Sendable {
  /// The record rendered (as copy 1 when the template numbers its copies).
  var first: Compiler.Result
  /// The record rendered again from its text when the first rendering failed and the record
  /// came as JSON, so that notes point into the data file.
  var again: Compiler.Result?
  /// Copies 2 on of a template that numbers them, rendered ahead: at most the number asked
  /// for, ending at the first that fails.
  var copies: [Compiler.Result] = []

  /// The renders of the record of `object` (nil: from its text `json`) on `line` of the file
  /// at `path`, with copy 1 of `numberedCopies` (when above 1) and up to `copiesAhead` copies
  /// after it. The same renders, in the same order, as a batch made them one record at a time.
  static func make(
    object: JSONObject?, line: Int, json: [UInt8]?, path: String, template compiled: CompiledTemplate,
    options: RenderOptions, numberedCopies: Int, copiesAhead: Int
  ) -> RecordRender {
    let record = DataRecord(object: object, line: line, json: json)
    var first = options
    if numberedCopies > 1 { first.copy = CopyNumber(1, of: numberedCopies) }
    let result =
      object.map { compiled.render($0, options: first) }
      ?? compiled.render(json: record.sourceFile(path: path), options: first)
    guard result.document != nil else {
      // Again, from the record's text at its own line, so notes point into the file.
      let again =
        object != nil && json != nil
        ? compiled.render(json: record.sourceFile(path: path), options: first) : nil
      return RecordRender(first: result, again: again)
    }
    var render = RecordRender(first: result, again: nil)
    let last = min(numberedCopies, 1 + copiesAhead)
    guard last >= 2 else { return render }
    let data = Batch.object(record)
    for number in 2...last {
      var options = options
      options.copy = CopyNumber(number, of: numberedCopies)
      let copy = compiled.render(data, options: options)
      render.copies.append(copy)
      if copy.document == nil { break }
    }
    return render
  }
}
