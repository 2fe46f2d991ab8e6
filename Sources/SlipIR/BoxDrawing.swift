/// The box-drawing characters borders are made of, and the strokes each one stands for.
///
/// A border is text in the IR (so plain text and printers whose code page has these characters
/// print it as characters) marked ``TextRun/border``, so that pixel backends draw the strokes
/// from these arms instead of a font's glyphs: a font's `│` is 24 dots tall on a 30-dot line
/// and leaves gaps, where the arms reach the cell's edges and join across lines.
public enum BoxDrawing {
  /// How heavy a border is drawn.
  public enum Weight: String, Sendable, Equatable, CaseIterable {
    /// `─ │ ┌`: one line.
    case single
    /// `═ ║ ╔`: two lines.
    case double
  }

  /// The directions a character's strokes reach from the cell's centre to its edges.
  public struct Arms: Sendable, Equatable, Hashable {
    /// Towards the top edge.
    public var up: Bool
    /// Towards the bottom edge.
    public var down: Bool
    /// Towards the left edge.
    public var left: Bool
    /// Towards the right edge.
    public var right: Bool

    /// Arms in the given directions.
    public init(up: Bool = false, down: Bool = false, left: Bool = false, right: Bool = false) {
      self.up = up
      self.down = down
      self.left = left
      self.right = right
    }

    /// `─`.
    public static let horizontal = Arms(left: true, right: true)
    /// `│`.
    public static let vertical = Arms(up: true, down: true)
  }

  /// The character for `arms` drawn at `weight`, or a space for no arms.
  public static func character(_ arms: Arms, _ weight: Weight) -> Character {
    table.first { $0.arms == arms && $0.weight == weight }?.character ?? " "
  }

  /// The strokes of `character`, or nil when it is not one of the characters borders use.
  public static func strokes(of character: Character) -> (arms: Arms, weight: Weight)? {
    table.first { $0.character == character }.map { ($0.arms, $0.weight) }
  }

  /// The eleven shapes a frame needs, in both weights: every one is in code pages 437, 850, 852,
  /// 858 and 866.
  private static let table: [(character: Character, arms: Arms, weight: Weight)] = [
    ("─", .horizontal, .single), ("│", .vertical, .single),
    ("┌", Arms(down: true, right: true), .single), ("┐", Arms(down: true, left: true), .single),
    ("└", Arms(up: true, right: true), .single), ("┘", Arms(up: true, left: true), .single),
    ("├", Arms(up: true, down: true, right: true), .single),
    ("┤", Arms(up: true, down: true, left: true), .single),
    ("┬", Arms(down: true, left: true, right: true), .single),
    ("┴", Arms(up: true, left: true, right: true), .single),
    ("┼", Arms(up: true, down: true, left: true, right: true), .single),
    ("═", .horizontal, .double), ("║", .vertical, .double),
    ("╔", Arms(down: true, right: true), .double), ("╗", Arms(down: true, left: true), .double),
    ("╚", Arms(up: true, right: true), .double), ("╝", Arms(up: true, left: true), .double),
    ("╠", Arms(up: true, down: true, right: true), .double),
    ("╣", Arms(up: true, down: true, left: true), .double),
    ("╦", Arms(down: true, left: true, right: true), .double),
    ("╩", Arms(up: true, left: true, right: true), .double),
    ("╬", Arms(up: true, down: true, left: true, right: true), .double),
  ]
}
