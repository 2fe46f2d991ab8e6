import SlipCore
import SlipRaster
import Synchronization

/// Label text measured in the preview's label face (Liberation Sans Narrow Bold, close to Zebra's
/// font 0), so the compiler wraps and shrinks text to the widths the preview draws and a Zebra
/// prints (within a few percent). Without the face, the compiler's approximate widths are used
/// and a warning says once what to install.
struct LabelFontMeasurer: TextMeasurer {
  private let rasterizer = LabelRasterizer()
  private static let warned = Mutex(false)

  func width(of text: String, height: Int) -> Int {
    do throws(RasterError) {
      return try rasterizer.width(of: text, height: height)
    } catch {
      let first = Self.warned.withLock { warned in
        defer { warned = true }
        return !warned
      }
      if first {
        Console.error(
          "slip: warning: \(error.message); label text is measured approximately"
            + (error.help.map { "\n   = help: \($0)" } ?? "") + "\n")
      }
      return ApproximateTextMeasurer().width(of: text, height: height)
    }
  }
}
