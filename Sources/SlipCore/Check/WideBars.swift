import SlipIR

/// Code 39, Interleaved 2 of 5 and Codabar with the wide-to-narrow ratio a template asks for
/// (`ratio=2|2.5|3`, ZPL's `^BY w,r`): zint draws their wide bars and spaces at one ratio, and
/// carriers set their own.
enum WideBars {
  /// The symbologies whose bars have two widths.
  static let symbologies: Set<Symbol.Symbology> = [.code39, .itf, .codabar]

  /// The ratios printers draw exactly, in tenths.
  static let ratios = ["2", "2.5", "3"]

  /// `modules` (one pixel a module, narrow elements one wide) redrawn with wide elements
  /// `tenths / 10` narrow ones, and the dots a pixel then takes: for 2.5 each narrow element is
  /// two pixels and each wide five, at half the module's dots (so the module must be even).
  static func widened(_ modules: Bitmap, tenths: Int, module: Int) -> (modules: Bitmap, module: Int) {
    let (narrow, wide, dots) = tenths == 25 ? (2, 5, module / 2) : (1, tenths / 10, module)
    var runs: [(ink: Bool, length: Int)] = []
    for x in 0..<modules.width {
      if let last = runs.last, last.ink == modules[x, 0] {
        runs[runs.count - 1].length += 1
      } else {
        runs.append((modules[x, 0], 1))
      }
    }
    let width = runs.reduce(0) { $0 + ($1.length > 1 ? wide : narrow) }
    var out = Bitmap(width: width, height: 1)
    var x = 0
    for run in runs {
      let length = run.length > 1 ? wide : narrow
      if run.ink { for column in x..<(x + length) { out[column, 0] = true } }
      x += length
    }
    return (out, max(1, dots))
  }
}
