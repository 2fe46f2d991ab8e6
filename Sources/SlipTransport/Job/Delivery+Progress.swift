import Foundation

extension Delivery {
  /// The progress line a terminal redraws while the job goes out: a bar, the kilobytes shown
  /// of the total, chunks (BLE) or kilobytes confirmed, the rate and the time left:
  /// `[##########..............] 4.1/9.8 kB  23/54 chunks confirmed  3.2 kB/s  2 s left`.
  public var progressLine: String {
    // Streams and queues confirm at the end, if at all: their bar shows what went out.
    let shown = route == .ble ? confirmed : confirmed + queued
    let fraction = total == 0 ? 1 : Double(shown) / Double(total)
    let width = 24
    let filled = Int((fraction * Double(width)).rounded(.down))
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    let rate = bytesPerSecond
    let left = rate > 0 ? "\(Int((Double(total - confirmed) / rate).rounded(.up))) s left" : ""
    let state = paused ? "  paused by the printer" : ""
    let counts =
      route == .ble
      ? "\(chunksConfirmed)/\(chunks) chunks confirmed" : "\(Self.kilobytes(confirmed)) kB confirmed"
    return
      "[\(bar)] \(Self.kilobytes(shown))/\(Self.kilobytes(total)) kB  \(counts)  "
      + "\(Self.kilobytes(Int(rate))) kB/s  \(left)\(state)"
  }

  /// A notification the printer sent, as a user reads it: quoted when it is printable text
  /// (`"PAPER OUT"`), else its bytes in hexadecimal (`10 04 12`).
  public static func notification(_ bytes: [UInt8]) -> String {
    let printable = bytes.allSatisfy { (0x20..<0x7F).contains($0) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    guard printable else { return bytes.map { String(format: "%02X", $0) }.joined(separator: " ") }
    return "\"" + String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      + "\""
  }

  /// Bytes as kilobytes with one decimal: `12.3`.
  static func kilobytes(_ bytes: Int) -> String {
    String(format: "%.1f", Double(bytes) / 1000)
  }
}
