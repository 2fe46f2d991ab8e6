/// Something a backend changed to make a document printable (a character no code page has, a
/// control character dropped): a value with a stable identifier and the template text it
/// concerns, like the compiler's warnings. Each backend words its own in a catalog of factories.
public struct BackendWarning: Sendable, Equatable, CustomStringConvertible {
  /// Stable identifier: `W06xx` ESC/POS, `W07xx` raster, `W09xx` ZPL.
  public var id: String
  /// What happened: lower-case, no final period, characters quoted as `'x'`.
  public var message: String
  /// The template text it concerns.
  public var source: SourceSpan?

  /// A warning.
  public init(id: String, message: String, source: SourceSpan?) {
    self.id = id
    self.message = message
    self.source = source
  }

  /// `path:line:col: warning: message [ID]`, with `sources` naming the files (``Document/sources``).
  public func formatted(sources: [String]) -> String {
    var place = ""
    if let source {
      let path = source.file < sources.count ? sources[source.file] : "file\(source.file)"
      place = "\(path):\(source.line):\(source.column): "
    }
    return "\(place)warning: \(message) [\(id)]"
  }

  /// The message and its identifier.
  public var description: String { "\(message) [\(id)]" }
}

/// A document a backend cannot produce at all: a stable identifier, what is wrong and what to do.
public struct BackendError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Stable identifier: `E06xx` ESC/POS, `E07xx` raster, `E09xx` ZPL.
  public var id: String
  /// What is wrong: lower-case, no final period.
  public var message: String
  /// What to do about it.
  public var help: String?
  /// The template text of the element it concerns, when it is about one (a picture too wide).
  public var source: SourceSpan?

  /// An error.
  public init(id: String, message: String, help: String? = nil, source: SourceSpan? = nil) {
    self.id = id
    self.message = message
    self.help = help
    self.source = source
  }

  /// The message and its identifier.
  public var description: String { "\(message) [\(id)]" }
}
