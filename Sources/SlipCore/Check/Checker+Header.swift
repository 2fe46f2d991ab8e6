import SlipIR

// The first statement: `receipt` or `label`, and the paper or page it prints on.
extension Checker {
  mutating func checkHeader(_ header: HeaderStatement) -> ReceiptMedia? {
    var options = OptionReader(
      header.options, statement: "receipt", accepts: ["paper", "font", "columns", "dir"])
    defer { diagnostics += options.diagnostics }
    let papers = ["58mm": 384, "80mm": 576]
    let paper = options.choice("paper", ["58mm", "80mm"]) ?? "58mm"
    let widthDots = papers[paper] ?? 384
    let font = options.choice("font", ["A", "B"]).flatMap(Font.init(rawValue:)) ?? .a
    let other: Font = font == .a ? .b : .a
    let most = widthDots / font.cellWidth
    var columns = most
    if let requested = options.integer("columns", in: 1...255) {
      if requested > most, let range = options.range(of: "columns") {
        diagnostics.append(
          Diagnostic(
            .columnsTooMany(requested, paper: paper, font: font.rawValue, most: most), at: range))
      } else {
        columns = requested
      }
    }
    // `columns` narrows the printable width for both fonts: the other font gets what fits in
    // the same dots, so a template for a narrower printer fits it in either font.
    let contentDots = columns == most ? widthDots : columns * font.cellWidth
    var media = ReceiptMedia(
      paper: paper, widthDots: widthDots, dpi: 203, font: font, columns: columns,
      alternateColumns: contentDots / other.cellWidth)
    // `dir=rtl`: rows mirrored and shaped text ordered right to left; `ltr` is the default.
    media.direction = options.choice("dir", ["ltr", "rtl"]) == "rtl" ? .rightToLeft : .auto
    media.source = span(header.range)
    return media
  }

  /// `label width=4in height=3in dpi=203`: the page, and its width as paper for raster backends.
  mutating func checkLabelHeader(_ header: HeaderStatement) -> ReceiptMedia? {
    var options = OptionReader(
      header.options, statement: "label", accepts: ["width", "height", "dpi", "rotate", "home"])
    defer { diagnostics += options.diagnostics }
    let dpi = options.choice("dpi", ["203", "300", "600"]).flatMap { Int($0) } ?? 203
    for name in ["width", "height"] where !header.options.contains(where: { $0.name == name }) {
      diagnostics.append(
        Diagnostic(
          .optionMissing(name, statement: "label", example: "label width=4in height=3in"), at: header.range))
    }
    let width = options.dots("width", dpi: dpi, in: 8...(12 * dpi)) ?? 4 * dpi
    let height = options.dots("height", dpi: dpi, in: 8...(40 * dpi)) ?? 3 * dpi
    // Only a half turn: a label turned a quarter would not be the same size on its roll.
    let rotation =
      options.choice("rotate", ["0", "180"]).flatMap(Int.init).flatMap(Rotation.init(rawValue:)) ?? .none
    label = LabelSpec(widthDots: width, heightDots: height, dpi: dpi, rotation: rotation)
    if let text = options.text("home", expected: ExpectedValue.home) {
      // `home=x,y`: where every position starts from, as ZPL's `^LH` moves the label's origin.
      let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
        OptionReader.dots(String($0), dpi: dpi)
      }
      if parts.count == 2, let x = parts[0], let y = parts[1], (0...width).contains(x),
        (0...height).contains(y)
      {
        label?.home = LabelPoint(x: x, y: y)
      } else {
        options.reportValue("home", text, expected: ExpectedValue.home)
      }
    }
    var media = ReceiptMedia(
      paper: "label", widthDots: width, dpi: dpi, font: .a, columns: max(1, width / Font.a.cellWidth),
      alternateColumns: max(1, width / Font.b.cellWidth))
    media.source = span(header.range)
    return media
  }
}
