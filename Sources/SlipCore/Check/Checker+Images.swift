import SlipIR

// Pictures, read and dithered when the template is compiled.
extension Checker {
  /// `image "logo.png" width=N|N% align=… dither=… threshold=N`: read, decoded, scaled and
  /// dithered now, so rendering the compiled template many times does it once.
  mutating func checkImage(_ image: ImageStatement, media: ReceiptMedia) -> CheckedStatement? {
    var options = OptionReader(
      image.options, statement: "image",
      accepts: label == nil
        ? ["width", "align", "dither", "threshold"] : ["x", "y", "width", "dither", "threshold", "rotate"])
    options.allowsComputed = label != nil
    defer {
      diagnostics += options.diagnostics
      computedOptions += options.computed
    }
    var position: LabelPoint?
    if let label {
      position = labelPosition(&options, statement: "image", range: image.range, dpi: label.dpi)
    }
    let rotation = label == nil ? .none : rotation(&options)
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
    if let template = image.template {
      checkText(template)
      guard loader != nil, imageDecoder != nil else {
        diagnostics.append(Diagnostic(.imageReaderMissing("{{ }}"), at: image.pathRange))
        return nil
      }
      let request = ImageRequest(
        width: requested, dither: dither, threshold: threshold ?? 128, alignment: alignment,
        position: position, includer: sources[image.pathRange.file].path)
      return .imageFromData(request, template, image.range)
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
    let (prepared, problems) = Self.prepared(
      grey, name: image.path, width: requested, paperDots: media.widthDots, dither: dither,
      threshold: threshold ?? 128)
    diagnostics += problems.map { Diagnostic($0, at: image.pathRange) }
    guard let prepared else { return nil }
    // Turned once here: a picture prints as the same dots however many records there are.
    let bitmap = rotation.turned(prepared)
    return .image(bitmap, alignment, name: image.path, position: position, image.range)
  }

  /// A decoded picture scaled to `width` (or its own, scaled down to the paper) and dithered,
  /// or nil when it would print taller than any picture may; and what to say about it. Shared
  /// by pictures read when the template compiles and those the data sends.
  static func prepared(
    _ grey: GreyImage, name: String, width requested: Int?, paperDots: Int, dither: ImageProcessor.Dither,
    threshold: Int
  ) -> (Bitmap?, [DiagnosticMessage]) {
    var problems: [DiagnosticMessage] = []
    var width = requested ?? grey.width
    if requested == nil, grey.width > paperDots {
      problems.append(.imageScaledToFit(name, width: grey.width, paper: paperDots))
      width = paperDots
    }
    let height = (grey.height * width + grey.width / 2) / max(1, grey.width)
    guard height <= maximumImageHeight else {
      problems.append(.imageTooTall(name, height: height, most: maximumImageHeight))
      return (nil, problems)
    }
    return (ImageProcessor.bitmap(from: grey, width: width, dither: dither, threshold: threshold), problems)
  }
}
