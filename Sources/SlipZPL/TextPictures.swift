import SlipIR

/// Draws the text Zebra's resident fonts cannot print (scripts that need shaping,
/// ``SlipIR/TextShaping``) as pictures, for the writer to send as `^GFA`. SlipKit passes one
/// over the raster engine, which draws the previews the same way.
public protocol TextPictures: AnyObject, Sendable {
  /// `line` of a label text `height` dots tall as a picture placed on the label; nil when the
  /// line is not one to draw or draws nothing.
  func picture(of line: LabelText.Line, height: Int) throws(BackendError) -> LabelImage?

  /// A receipt's text `line` as the picture of its whole band, `width` dots wide from the
  /// paper's left edge and as tall as the paper it takes; nil when no run of it needs shaping
  /// or is a border.
  func picture(of line: TextLine, width: Int) throws(BackendError) -> Bitmap?

  /// A label element alone as the preview draws it, placed on the label: how turned symbols
  /// (and turned text that needs shaping) print. Nil when it draws nothing.
  func picture(of element: LabelElement) throws(BackendError) -> LabelImage?

  /// A receipt's `band` of columns side by side as one picture, `width` dots wide from the
  /// paper's left edge: Zebra's fields cannot lay columns out as the preview does.
  func picture(of band: Band, width: Int) throws(BackendError) -> Bitmap?
}

extension TextPictures {
  /// No picture: the writer falls back to what the printer draws itself.
  public func picture(of element: LabelElement) throws(BackendError) -> LabelImage? { nil }

  /// No picture: a drawer that cannot draw bands leaves them to the writer's warning.
  public func picture(of band: Band, width: Int) throws(BackendError) -> Bitmap? { nil }
}
