import Foundation

/// The gallery's `index.html`: every case side by side (previews at true size and at 2×, the
/// paper's width marked, the printer bytes, the text, the diagnostics), as one static page with
/// relative links and a little CSS, so it opens from the file system with no server and no
/// script. Everything from templates and data is escaped.
///
/// Each preview's `onload` writes its natural width into `data-loaded` (`onerror` writes
/// `error`): the page needs no script, but `scripts/gallery-check` reads the attributes back from
/// headless Chromium's DOM to know every preview loaded.
public enum GalleryPage {
  /// The page for `cases` from `folder`, with the partials listed.
  public static func html(folder: String, cases: [GalleryCase], partials: [GalleryCatalog.Partial]) -> String
  {
    let failing = cases.filter { $0.problems.contains { $0.severity == .error } }.count
    let warned = cases.filter { $0.problems.contains { $0.severity == .warning } }.count
    var out = """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>Slip gallery: \(escape(folder))</title>
      <style>\(style)</style>
      </head>
      <body>
      <h1>Slip gallery: <code>\(escape(folder))</code></h1>
      <p class="summary">\(cases.count) case\(cases.count == 1 ? "" : "s"): \(failing) with errors, \
      \(warned) with warnings. Previews are drawn at the printer's resolution, one image pixel per \
      dot: at true size (one CSS pixel per dot) and at 2×. The dashed frame is the paper, the \
      solid one the printable width.</p>

      """
    if !partials.isEmpty {
      let items = partials.map { partial in
        "<li><code>\(escape(name(partial.template)))</code>, included by "
          + partial.includedBy.map { "<code>\(escape($0))</code>" }.joined(separator: ", ") + "</li>"
      }
      out += "<p>Partials, shown inside the templates that include them:</p>\n<ul class=\"partials\">\n"
      out += items.joined(separator: "\n") + "\n</ul>\n"
    }
    out += "<nav><ul>\n"
    for item in cases {
      out += "<li><a href=\"#\(anchor(item))\">\(escape(item.source.id))</a> \(badge(item))</li>\n"
    }
    out += "</ul></nav>\n"
    for item in cases {
      out += section(item)
    }
    out += "</body>\n</html>\n"
    return out
  }

  /// The diagnostics as plain text, for `diagnostics.txt`.
  public static func plain(_ problems: [GalleryCase.Problem]) -> String {
    problems.map(\.text).joined(separator: "\n")
  }

  private static func section(_ item: GalleryCase) -> String {
    let status =
      item.problems.contains { $0.severity == .error }
      ? "errors" : item.problems.contains { $0.severity == .warning } ? "warnings" : "ok"
    let data =
      item.source.data.map { "<code>\(escape(name($0)))</code>" }
      ?? "no data file: rendered with <code>{}</code>"
    var out = """
      <section class="case \(status)" id="\(anchor(item))">
      <h2>\(escape(item.source.id)) \(badge(item))</h2>
      <p class="what"><code>\(escape(name(item.source.template)))</code> with \(data)\
      \(item.media.isEmpty ? "" : "; " + escape(item.media))</p>

      """
    if !item.problems.isEmpty {
      out += "<div class=\"diagnostics\">\n"
      for problem in item.problems {
        out += "<pre class=\"\(problem.severity.rawValue)\">\(escape(problem.text))</pre>\n"
      }
      out += "</div>\n"
    }
    out += "<div class=\"row\">\n"
    if let paper = item.paper, !item.pictures.isEmpty {
      for scale in [1, 2] {
        out += figure(item, paper: paper, scale: scale)
      }
    }
    if let text = item.text {
      out += "<div class=\"panel\"><h3>Text</h3><pre class=\"text\">\(escape(text))</pre></div>\n"
    }
    if let printer = item.printerFile, let listing = item.listing {
      out += """
        <div class="panel"><h3>Printer bytes</h3>
        <p><a href="\(link(printer.file))" download>\(escape(name(printer.file)))</a>: \(printer.size) bytes of \
        \(escape(printer.kind))</p>
        <pre class="listing">\(escape(listing))</pre></div>

        """
    }
    out += "</div>\n</section>\n"
    return out
  }

  /// The previews at `scale`: the paper as a dashed frame, the printable width as a solid one
  /// around the pictures, labelled in dots and millimetres.
  private static func figure(
    _ item: GalleryCase, paper: (millimetres: Double, dots: Int, dpi: Int), scale: Int
  ) -> String {
    let paperDots = max(paper.dots, Int((paper.millimetres / 25.4 * Double(paper.dpi)).rounded()))
    let printable = String(format: "%.0f", Double(paper.dots) / Double(paper.dpi) * 25.4)
    let label =
      "\(paper.dots) dots (\(printable) mm) printable at \(paper.dpi) dpi"
      + (paperDots > paper.dots ? " on \(String(format: "%g", paper.millimetres)) mm paper" : "")
    var out = """
      <figure class="scale\(scale)"><figcaption>\(scale == 1 ? "true size" : "2×")</figcaption>
      <div class="paper" style="width: \(paperDots * scale)px">
      <div class="printable" style="width: \(paper.dots * scale)px">
      <div class="width">\(escape(label))</div>

      """
    for (index, picture) in item.pictures.enumerated() {
      let alt = "\(item.source.id), page \(index + 1) of \(item.pictures.count), at \(scale)×"
      out += """
        <img src="\(link(picture.file))" width="\(picture.width * scale)" height="\(picture.height * scale)" \
        alt="\(escape(alt))" onload="this.dataset.loaded = this.naturalWidth" \
        onerror="this.dataset.loaded = 'error'">

        """
    }
    out += "</div>\n</div>\n</figure>\n"
    return out
  }

  private static func badge(_ item: GalleryCase) -> String {
    let errors = item.problems.filter { $0.severity == .error }.count
    let warnings = item.problems.filter { $0.severity == .warning }.count
    if errors > 0 { return "<span class=\"badge error\">\(errors) error\(errors == 1 ? "" : "s")</span>" }
    if warnings > 0 {
      return "<span class=\"badge warning\">\(warnings) warning\(warnings == 1 ? "" : "s")</span>"
    }
    return "<span class=\"badge ok\">ok</span>"
  }

  private static func anchor(_ item: GalleryCase) -> String {
    "case-"
      + escape(item.source.id.map { $0.isLetter || $0.isNumber || $0 == "-" ? String($0) : "_" }.joined())
  }

  /// A site-relative path as an `href` or `src`: each part percent-encoded, then escaped.
  private static func link(_ path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#;")
    return escape(path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
  }

  private static func name(_ path: String) -> String {
    URL(fileURLWithPath: path).lastPathComponent
  }

  /// Text as HTML: `&`, `<`, `>` and both quotes escaped, so it is safe in content and attributes.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(character)
      }
    }
    return out
  }

  private static let style = """

    body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; background: #f4f4f4; }
    code, pre { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
    nav ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 6px 18px; }
    .case { background: #fff; border: 1px solid #ccc; border-left: 6px solid #3a3; margin: 24px 0;
      padding: 8px 16px 16px; }
    .case.warnings { border-left-color: #e0a000; }
    .case.errors { border-left-color: #c00; }
    .badge { font-size: 12px; padding: 1px 6px; border-radius: 8px; color: #fff; background: #3a3; }
    .badge.warning { background: #e0a000; color: #000; }
    .badge.error { background: #c00; }
    .diagnostics pre { padding: 6px 8px; margin: 6px 0; white-space: pre-wrap; }
    pre.warning { background: #fff4cc; border-left: 4px solid #e0a000; }
    pre.error { background: #fde8e8; border-left: 4px solid #c00; color: #900; }
    pre.note { background: #eef; }
    .row { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 24px; }
    figure { margin: 0; }
    figcaption { font-size: 12px; color: #555; margin-bottom: 4px; }
    .paper { border: 1px dashed #888; background: #fff; display: flex; justify-content: center;
      box-sizing: content-box; }
    .printable { outline: 1px solid #38c; background: #fff; }
    .width { font-size: 11px; color: #38c; text-align: center; border-bottom: 1px solid #38c;
      white-space: nowrap; overflow: visible; }
    .printable img { display: block; margin-bottom: 8px; border-bottom: 1px dashed #c66; }
    .scale2 img { image-rendering: pixelated; }
    .panel { max-width: 640px; }
    pre.text, pre.listing { background: #fafafa; border: 1px solid #ddd; padding: 8px; overflow: auto;
      max-height: 600px; }
    pre.listing { white-space: pre-wrap; word-break: break-all; }

    """
}
