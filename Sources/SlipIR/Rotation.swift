/// How far a label element (or a whole label) is turned, clockwise, as ZPL's field orientations
/// are: `N`, `R`, `I`, `B`.
public enum Rotation: Int, Sendable, Equatable, CaseIterable {
  /// Upright (`N`).
  case none = 0
  /// A quarter turn clockwise (`R`): the text reads downwards.
  case clockwise = 90
  /// A half turn (`I`): upside down.
  case upsideDown = 180
  /// A quarter turn counter-clockwise (`B`): the text reads upwards.
  case counterclockwise = 270

  /// ZPL's letter for the orientation.
  public var zplOrientation: String {
    switch self {
    case .none: "N"
    case .clockwise: "R"
    case .upsideDown: "I"
    case .counterclockwise: "B"
    }
  }

  /// Whether width and height trade places.
  public var isQuarterTurn: Bool { self == .clockwise || self == .counterclockwise }

  /// The size something `width` × `height` takes once turned.
  public func turned(width: Int, height: Int) -> (width: Int, height: Int) {
    isQuarterTurn ? (height, width) : (width, height)
  }

  /// Where the rectangle at `x`, `y` (`width` × `height`) inside an upright frame `frameWidth` ×
  /// `frameHeight` lands once the frame is turned about its corner into the same top left.
  public func turned(
    x: Int, y: Int, width: Int, height: Int, frameWidth: Int, frameHeight: Int
  ) -> (x: Int, y: Int, width: Int, height: Int) {
    switch self {
    case .none: (x, y, width, height)
    case .clockwise: (frameHeight - y - height, x, height, width)
    case .upsideDown: (frameWidth - x - width, frameHeight - y - height, width, height)
    case .counterclockwise: (y, frameWidth - x - width, height, width)
    }
  }

  /// `bitmap` turned.
  public func turned(_ bitmap: Bitmap) -> Bitmap {
    guard self != .none else { return bitmap }
    let (width, height) = turned(width: bitmap.width, height: bitmap.height)
    var out = Bitmap(width: width, height: height)
    for y in 0..<bitmap.height {
      for x in 0..<bitmap.width where bitmap[x, y] {
        switch self {
        case .none: out[x, y] = true
        case .clockwise: out[bitmap.height - 1 - y, x] = true
        case .upsideDown: out[bitmap.width - 1 - x, bitmap.height - 1 - y] = true
        case .counterclockwise: out[y, bitmap.width - 1 - x] = true
        }
      }
    }
    return out
  }
}

extension LabelElement {
  /// The same element `dx` dots right and `dy` dots down.
  public func moved(dx: Int, dy: Int) -> LabelElement {
    // Not moved, the element is itself: a text's lines would be copied only to add nothing.
    guard dx != 0 || dy != 0 else { return self }
    switch self {
    case .text(var text):
      text.x += dx
      text.y += dy
      for index in text.lines.indices {
        text.lines[index].x += dx
        text.lines[index].y += dy
        for run in text.lines[index].runs.indices { text.lines[index].runs[run].x += dx }
      }
      return .text(text)
    case .box(var box):
      box.x += dx
      box.y += dy
      return .box(box)
    case .line(var line):
      line.x1 += dx
      line.x2 += dx
      line.y1 += dy
      line.y2 += dy
      return .line(line)
    case .circle(var circle):
      circle.x += dx
      circle.y += dy
      return .circle(circle)
    case .image(var image):
      image.x += dx
      image.y += dy
      return .image(image)
    case .symbol(var symbol):
      symbol.x += dx
      symbol.y += dy
      return .symbol(symbol)
    }
  }
}
