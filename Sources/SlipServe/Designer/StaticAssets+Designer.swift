extension StaticAssets {
  /// The designer: one page, its style sheet and its script (plain JavaScript, no framework, no
  /// network), compiled into the binary from `Designer/Assets/`.
  public static let designer = StaticAssets(files: [
    "index.html": PackageResources.index_html, "designer.css": PackageResources.designer_css,
    "designer.js": PackageResources.designer_js,
  ])
}
