import SlipIR

// Appending bytes without allocating for them.
extension Emitter {
  /// Appends a command's bytes; variadic-free, so nothing is allocated for them.
  @inline(__always)
  mutating func command(_ a: UInt8, _ b: UInt8, _ c: UInt8? = nil, _ d: UInt8? = nil) {
    bytes.append(a)
    bytes.append(b)
    if let c { bytes.append(c) }
    if let d { bytes.append(d) }
  }

  mutating func spaces(_ count: Int) {
    var left = count
    while left > 0 {
      let chunk = min(left, Self.spaceRun.count)
      bytes += Self.spaceRun[..<chunk]
      left -= chunk
    }
  }

  /// Spaces to copy from: appending a slice is one copy, appending repeated elements is a loop.
  static let spaceRun = [UInt8](repeating: 0x20, count: 128)
}
