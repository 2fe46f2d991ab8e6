import Glibc

/// SIGTERM and SIGINT as an event the main thread waits for: the handler only writes a byte to
/// a pipe (all a signal handler may safely do), whichever thread the signal lands on. SIGPIPE
/// is ignored, so a client that hangs up is an error on its connection, not the process's end.
public enum ShutdownSignal {
  /// The pipe's ends; written by the handler, read by ``wait()``.
  nonisolated(unsafe) private static var pipeEnds: [Int32] = [-1, -1]

  /// Installs the handlers; call once, before the service starts.
  public static func install() {
    _ = pipeEnds.withUnsafeMutableBufferPointer { pipe($0.baseAddress) }
    signal(SIGPIPE, SIG_IGN)
    for number in [SIGTERM, SIGINT] {
      signal(number) { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = Glibc.write(ShutdownSignal.pipeEnds[1], &byte, 1)
      }
    }
  }

  /// Blocks until SIGTERM or SIGINT arrives; returns its number.
  @discardableResult
  public static func wait() -> Int32 {
    var byte: UInt8 = 0
    while read(pipeEnds[0], &byte, 1) != 1 {
      guard errno == EINTR else { return SIGTERM }
    }
    return Int32(byte)
  }
}
