import SlipIR

/// A table's columns as `widths="* 4 14"` and `align="left right right"` give them.
struct TableSpec: Sendable, Equatable {
  /// One column.
  struct Column: Sendable, Equatable {
    /// Fixed columns, or nil for `*` (a share of what the fixed ones leave).
    var fixed: Int?
    /// How cells sit in the column.
    var alignment: Alignment
  }

  /// The columns, left to right.
  var columns: [Column]
  /// Spaces between columns; with a border, spaces on each side of every rule.
  var gap: Int
  /// `border=`: none, or the frame and rules between columns.
  var border: Border = .none
  /// Where the `table` line is, for notes.
  var range: SourceRange

  /// The columns between two cells: the gap, or with a border the rule and a gap each side.
  var separator: Int { border == .none ? gap : 2 * gap + 1 }
  /// The columns left of the first cell (and right of the last): the frame and its gap.
  var edge: Int { border == .none ? 0 : gap + 1 }
  /// Columns the table's borders and gaps take, whatever the cells' widths.
  var overhead: Int { separator * (columns.count - 1) + 2 * edge }

  /// The least width the table needs: fixed columns, gaps, borders and one column per share.
  var minimumWidth: Int {
    columns.reduce(0) { $0 + ($1.fixed ?? 1) } + overhead
  }

  /// Each column's width on a line of `total` columns: shares split what the fixed columns,
  /// gaps and borders leave, the first shares taking the remainder; a share is never narrower
  /// than 1.
  func widths(total: Int) -> [Int] {
    let fixed = columns.reduce(0) { $0 + ($1.fixed ?? 0) } + overhead
    let shares = columns.count { $0.fixed == nil }
    let room = max(0, total - fixed)
    var extra = shares > 0 ? room % shares : 0
    return columns.map { column in
      if let fixed = column.fixed { return fixed }
      defer { extra -= 1 }
      return max(1, room / shares + (extra > 0 ? 1 : 0))
    }
  }
}

/// A table's or box's `border=`.
enum Border: String, Sendable, Equatable, CaseIterable {
  /// No frame (a table's default).
  case none
  /// Blank columns where the rules would be.
  case space
  /// Single lines: `┌─┬─┐`.
  case line
  /// Double lines: `╔═╦═╗`.
  case double

  /// The lines' weight; nil when nothing is drawn.
  var weight: BoxDrawing.Weight? {
    switch self {
    case .none, .space: nil
    case .line: .single
    case .double: .double
    }
  }
}

/// A row's place in its table: the table, and how this row aligns each column.
struct TableRowSpec: Sendable, Equatable {
  /// The table the row is in.
  var table: TableSpec
  /// Each column's alignment for this row: the table's, or the row's own `align=`.
  var alignments: [Alignment]
  /// `header`: a bordered table draws a rule under this row.
  var header: Bool
}
