import SlipIR

extension Block {
  /// Whether the block puts anything on the paper: text, a rule, a picture, a symbol or a band
  /// of them. Feeds, cuts and the cash drawer's kick move or open things but print nothing.
  var marksPaper: Bool {
    switch self {
    case .text, .rule, .image, .symbol, .band: true
    case .feed, .cut, .drawer: false
    }
  }
}
