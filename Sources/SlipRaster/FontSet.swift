import Synchronization

/// The faces and every glyph drawn so far, shared by all renders: FreeType is not thread-safe,
/// so each render holds the lock while it draws (renders are short).
final class FontSet: Sendable {
  private let store: Mutex<GlyphStore>

  init(files: FontFiles, shaping: ShapingFonts = .debian) {
    store = Mutex(GlyphStore(files: files, shaping: shaping))
  }

  /// Runs `body` with the glyph store to itself.
  func withStore<Result: Sendable>(_ body: (GlyphStore) throws(RasterError) -> Result) throws(RasterError)
    -> Result
  {
    try store.withLock { store throws(RasterError) -> Result in try body(store) }
  }
}
