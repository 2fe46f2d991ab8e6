/// Hexadecimal text as the stand-ins write bytes (`1b40`), and back.
public enum Hex {
  /// The bytes of `hex`: pairs of hexadecimal digits; a malformed pair is a test bug and traps.
  public static func bytes(_ hex: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(hex.count / 2)
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      bytes.append(UInt8(hex[index..<next], radix: 16)!)
      index = next
    }
    return bytes
  }
}
