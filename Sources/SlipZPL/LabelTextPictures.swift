import SlipIR

/// Draws label lines that Zebra's resident fonts cannot print (scripts that need shaping,
/// ``SlipIR/TextShaping``) as pictures, for the writer to send as `^GFA`. SlipKit passes one
/// over the raster engine, which draws the preview's lines the same way.
public protocol LabelTextPictures: Sendable {
  /// `line` of a text `height` dots tall as a picture placed on the label; nil when the line
  /// is not one to draw or draws nothing.
  func picture(of line: LabelText.Line, height: Int) throws(BackendError) -> LabelImage?
}
