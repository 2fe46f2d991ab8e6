/// What the designer page opens with: the template `slip design` was given and its data, or
/// nothing (`slip serve`: the page lists the folder's templates to pick from).
public struct DesignerSetup: Sendable, Equatable {
  /// The template's name in the templates folder; nil: none chosen.
  public var template: String?
  /// The data file's name when it is in the folder (then the page can pick it again).
  public var dataName: String?
  /// The data's text, read when the session started (it may be outside the folder).
  public var dataText: String?

  /// A setup of these values; all nil: the page picks.
  public init(template: String? = nil, dataName: String? = nil, dataText: String? = nil) {
    self.template = template
    self.dataName = dataName
    self.dataText = dataText
  }
}
