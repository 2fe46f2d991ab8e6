/// "Did you mean" by edit distance, as Stencil suggests filters: one algorithm for template
/// names, printer profile fields and command-line words alike.
package enum Suggestion {
  /// The candidate closest to `name`, if it is close enough to be a likely typo.
  package static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(name.lowercased().unicodeScalars)
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
      var distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
      // 'uppercase' → 'upper': a name that starts with a candidate (or the reverse) is close.
      let lowered = candidate.lowercased()
      if min(lowered.count, target.count) >= 3,
        lowered.hasPrefix(String(String.UnicodeScalarView(target))) || name.lowercased().hasPrefix(lowered)
      {
        distance = 1
      }
      // A third of the name's length, at least one edit: 'rupia' → 'rupiah', not 'upper'.
      let limit = max(1, min(target.count, candidate.unicodeScalars.count) / 3)
      if distance <= limit, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// Levenshtein distance with adjacent transpositions counted as one edit.
  package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previousPrevious[j - 2] + 1)
        }
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
