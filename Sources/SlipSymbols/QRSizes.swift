import SlipIR
import Synchronization

/// The sizes of QR codes measured so far, by the kind of text they hold: a batch of badges
/// measures `JTW26-000451`, `JTW26-000452` and so on, which zint puts in codes of one size.
///
/// The size of a QR code depends on its text only through the mode each character can go in
/// (ISO/IEC 18004's numeric mode for digits, its alphanumeric set for capitals, space and
/// `$%*+-./:`, bytes for the rest) and the number of characters: a digit costs the same bits
/// whatever it is, and so does a capital. So printable ASCII texts that differ only in which
/// digit or which capital (or which small letter, all bytes alike) stands at each place get
/// codes of the same size. Every other character is kept as it is, so texts that differ in
/// one are never taken for the same kind.
final class QRSizes: Sendable {
  /// A width and height in modules.
  struct Size: Equatable {
    var width: Int
    var height: Int
  }

  /// The most kinds kept; past it the table starts again (a batch has a few kinds).
  static let capacity = 256

  private let sizes = Mutex<[String: Size]>([:])

  /// The key of `text` at error correction `level`: each digit as `0`, each capital as `A`,
  /// each small letter as `a`, the other characters as they are. Nil unless `text` is printable
  /// ASCII.
  static func kind(of text: String, level: String) -> String? {
    var kind: [UInt8] = Array(level.utf8) + [UInt8(ascii: ":")]
    kind.reserveCapacity(kind.count + text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): kind.append(UInt8(ascii: "0"))
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): kind.append(UInt8(ascii: "A"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): kind.append(UInt8(ascii: "a"))
      case 0x20...0x7E: kind.append(byte)
      default: return nil
      }
    }
    return String(decoding: kind, as: UTF8.self)
  }

  /// The size of a code of text of `kind`, when one was measured.
  func size(of kind: String) -> Size? {
    sizes.withLock { $0[kind] }
  }

  /// Keeps the size of a code of text of `kind`.
  func keep(_ size: Size, of kind: String) {
    sizes.withLock { sizes in
      if sizes.count >= Self.capacity { sizes.removeAll(keepingCapacity: true) }
      sizes[kind] = size
    }
  }
}
