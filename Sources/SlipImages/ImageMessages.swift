import SlipCore

// The picture decoder's own messages (the reasons of E0323 for PGM files), alphabetically; PNG
// errors are SlipPNG's.
extension ImageDecodeError {
  /// A PGM header that is not `P5 width height maximum`.
  static var pgmHeader: Self { Self("a malformed PGM header") }

  /// A PGM whose maximum grey is not 255.
  static func pgmMaximum(_ maximum: Int) -> Self { Self("a PGM with maximum \(maximum); only 255 is read") }

  /// A PGM with more or fewer pixels than its size.
  static func pgmSize(width: Int, height: Int) -> Self {
    Self("a PGM whose pixels do not match its \(width)x\(height) size")
  }
}
