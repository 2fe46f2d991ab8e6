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
  /// Spaces between columns.
  var gap: Int
  /// Where the `table` line is, for notes.
  var range: SourceRange

  /// The least width the table needs: fixed columns, gaps and one column per share.
  var minimumWidth: Int {
    columns.reduce(0) { $0 + ($1.fixed ?? 1) } + gap * (columns.count - 1)
  }

  /// Each column's width on a line of `total` columns: shares split what the fixed columns and
  /// gaps leave, the first shares taking the remainder; a share is never narrower than 1.
  func widths(total: Int) -> [Int] {
    let fixed = columns.reduce(0) { $0 + ($1.fixed ?? 0) } + gap * (columns.count - 1)
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
