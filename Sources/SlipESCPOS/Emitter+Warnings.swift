import SlipIR

// A job's warnings, gathered per template location and kept once each.
extension Emitter {
  mutating func noteMissing(_ characters: [String], at source: SourceSpan?) {
    // A loop prints the same template text many times: one warning per place.
    for (index, entry) in pending.enumerated() {
      if case .missing(let place, var known) = entry, place == source {
        for character in characters where !known.contains(character) { known.append(character) }
        pending[index] = .missing(source: place, characters: known)
        return
      }
    }
    pending.append(.missing(source: source, characters: characters))
  }

  mutating func finishWarnings() {
    for entry in pending {
      switch entry {
      case .warning(let warning):
        if !warnings.contains(warning) { warnings.append(warning) }
      case .missing(let source, let characters):
        warnings.append(.charactersWithoutCodePage(characters, printer: profile.id, at: source))
      }
    }
    pending = []
  }
}
