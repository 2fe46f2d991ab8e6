import SlipIR

// Pictures, read and dithered when the template is compiled.
extension Checker {
  /// `image "logo.png" width=N|N% align=… dither=… threshold=N`: read, decoded, scaled and
  /// dithered now, so rendering the compiled template many times does it once.
  mutating func checkImage(_ image: ImageStatement, media: ReceiptMedia) -> CheckedStatement? {
    var options = OptionReader(
      image.options, statement: "image",
      accepts: label == nil
        ? ["width", "align", "dither", "threshold"] : ["x", "y", "width", "dither", "threshold"])
    defer { diagnostics += options.diagnostics }
    var position: LabelPoint?
    if let label {
      position = labelPosition(&options, statement: "image", range: image.range, dpi: label.dpi)
    }
    let alignment =
      options.choice("align", ["left", "center", "right"]).flatMap(Alignment.init(rawValue:)) ?? .left
    let dither =
      options.choice("dither", ImageProcessor.Dither.allCases.map { $0.rawValue }).flatMap(
        ImageProcessor.Dither.init(rawValue:)) ?? .floydSteinberg
    let threshold = options.integer("threshold", in: 1...255)
    if threshold != nil, dither != .threshold, let range = options.range(of: "threshold") {
      diagnostics.append(Diagnostic(.thresholdWithoutThresholdDither(dither.rawValue), at: range))
    }
    var requested: Int?
    if let text = options.text("width", expected: ExpectedValue.imageWidth) {
      let percent = text.hasSuffix("%")
      if let number = Int(percent ? String(text.dropLast()) : text),
        percent ? (1...100).contains(number) : (1...media.widthDots).contains(number)
      {
        requested = percent ? max(1, media.widthDots * number / 100) : number
      } else {
        options.reportValue(
          "width", text,
          expected: ExpectedValue.imageWidth(upTo: media.widthDots))
      }
    }
    guard let loader, let imageDecoder else {
      diagnostics.append(
        Diagnostic(
          .imageReaderMissing(image.path), at: image.pathRange
        ))
      return nil
    }
    let includer = sources[image.pathRange.file].path
    let grey: GreyImage
    do throws(TemplateLoadError) {
      let file = try loader.loadData(image.path, includedFrom: includer)
      do throws(ImageDecodeError) {
        grey = try imageDecoder.decode(file.bytes, name: file.path)
      } catch {
        diagnostics.append(
          Diagnostic(.imageUnreadable(image.path, reason: error.message), at: image.pathRange))
        return nil
      }
    } catch {
      diagnostics.append(Diagnostic(.imageFailed(error.message), at: image.pathRange))
      return nil
    }
    var width = requested ?? grey.width
    if requested == nil, grey.width > media.widthDots {
      diagnostics.append(
        Diagnostic(
          .imageScaledToFit(image.path, width: grey.width, paper: media.widthDots), at: image.pathRange))
      width = media.widthDots
    }
    let height = (grey.height * width + grey.width / 2) / max(1, grey.width)
    guard height <= Self.maximumImageHeight else {
      diagnostics.append(
        Diagnostic(
          .imageTooTall(image.path, height: height, most: Self.maximumImageHeight), at: image.pathRange))
      return nil
    }
    let bitmap = ImageProcessor.bitmap(from: grey, width: width, dither: dither, threshold: threshold ?? 128)
    return .image(bitmap, alignment, name: image.path, position: position, image.range)
  }
}
