import SlipCore
import SlipIR

// The pipeline's own messages (`E00xx`, `W00xx`: reading inputs, and what no single stage
// decides), alphabetical.
extension DiagnosticMessage {
  /// Label text is measured without the label face, so wrapping may differ from the preview.
  static func labelTextMeasuredApproximately(_ reason: String) -> Self {
    Self(id: "W0002", .warning, "\(reason); label text is measured approximately")
  }

  /// An input file that cannot be read, as a diagnostic without a place.
  public static func unreadable(_ message: String) -> Self {
    Self(id: "E0001", .error, message)
  }
}

extension BackendError {
  /// The preview's PNG could not be made.
  static func previewNotEncoded(_ message: String) -> Self {
    Self(id: "E0003", message: "cannot encode the preview: \(message)")
  }
}
