import SlipIR
import SlipTestSupport
import Testing

/// A symbol's picture is its modules scaled by its module size, dot for dot, drawn row by row.
@Suite struct SymbolBitmapTests {
  /// The picture dot by dot, as the definition says.
  private func reference(_ symbol: Symbol) -> Bitmap {
    let modules = symbol.modules
    var out = Bitmap(width: symbol.width, height: symbol.height)
    for y in 0..<symbol.height {
      let row = symbol.symbology.isLinear ? 0 : min(modules.height - 1, y / max(1, symbol.module))
      for x in 0..<out.width where modules[x / max(1, symbol.module), row] { out[x, y] = true }
    }
    return out
  }

  @Test func everyDotIsItsModules() {
    var random = SplitMix64(seed: 23)
    func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
    for symbology in [Symbol.Symbology.code128, .qr, .pdf417] {
      for _ in 0..<60 {
        let columns = 1 + next(70)
        let rows = symbology.isLinear ? 1 : 1 + next(30)
        var modules = Bitmap(width: columns, height: rows)
        for y in 0..<rows {
          for x in 0..<columns where next(2) == 1 { modules[x, y] = true }
        }
        let module = 1 + next(5)
        let height = symbology.isLinear ? 1 + next(120) : rows * module + next(3)
        let symbol = Symbol(
          symbology: symbology, data: "x", module: module, height: height, humanReadable: .none,
          errorCorrection: nil, modules: modules)
        #expect(symbol.bitmap() == reference(symbol), "\(symbology) \(columns)x\(rows) at \(module)")
      }
    }
  }
}
