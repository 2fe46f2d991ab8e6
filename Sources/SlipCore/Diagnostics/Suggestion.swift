import SlipSupport

// The template side of "did you mean": the help line and the fix-it that replaces the name.
extension Suggestion {
  /// The "did you mean" help and its fix-it for `name` at `range`, when a candidate is close.
  static func didYouMean(_ name: String, at range: SourceRange, in candidates: some Sequence<String>)
    -> (help: [String], fixIts: [FixIt])
  {
    guard let suggestion = closest(to: name, in: candidates) else { return ([], []) }
    return (
      [Help.didYouMean(suggestion)],
      [FixIt("use '\(suggestion)'", range: range, replacement: suggestion)]
    )
  }
}

extension Help {
  /// "Did you mean" with the closest name.
  static func didYouMean(_ suggestion: String) -> String { "did you mean '\(suggestion)'?" }
}
