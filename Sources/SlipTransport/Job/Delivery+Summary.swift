extension Delivery {
  /// One line saying how much went to the printer, over what, what confirmed it and how fast:
  /// `sent 1234 bytes to 'XP-58' in 7 chunks of 180 B, command writes …; all confirmed in 85 ms
  /// (14.5 kB/s)`.
  public var summary: String {
    let speed = "in \(Self.time(elapsed)) (\(Self.tenths(bytesPerSecond / 1000)) kB/s)"
    switch route {
    case .ble:
      let how =
        writeType == .request
        ? "request writes"
        : "command writes"
          + (barrier == .none ? "" : " with a \(barrier.rawValue) barrier every \(barrierEvery)")
          + (fast ? " (AcquireWrite)" : "")
      let outcome =
        isConfirmed
        ? "all confirmed"
        : "none confirmed: the printer offers no acknowledged write or read, so the bytes were only handed to BlueZ"
      return
        "sent \(total) bytes to '\(printer)' in \(chunks) chunks of \(chunkSize) B, \(how); \(outcome) \(speed)"
    case .spp:
      let outcome =
        isConfirmed
        ? "all confirmed by the printer's status answer after them"
        : "none confirmed: the Serial Port Profile acknowledges nothing ('--check-status' has the printer "
          + "confirm)"
      return "sent \(total) bytes to '\(printer)' over the Serial Port Profile; \(outcome) \(speed)"
    case .tcp:
      let outcome =
        confirmation == .statusAnswer
        ? "all confirmed by the printer's status answer after them"
        : "all acknowledged by the printer's TCP stack"
      return "sent \(total) bytes to '\(printer)' over TCP; \(outcome) \(speed)"
    case .cups(let job):
      return "sent \(total) bytes to \(printer) as job \(job.map(String.init) ?? "?"); "
        + "CUPS reports it completed \(speed)"
    case .file(let kind):
      let outcome =
        switch kind {
        case .plain: "all synced to storage"
        case .serial: "all drained from the serial port"
        case .device: "handed to the device driver, which confirms nothing"
        }
      return "wrote \(total) bytes to '\(printer)'; \(outcome) \(speed)"
    }
  }

  /// `12.5 ms` below a tenth of a second (fast jobs are measured by this line), `850 ms` below a
  /// second, `2.35 s` above.
  public static func time(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) + Double(attoseconds) / 1e18
    if value < 0.1 { return tenths(value * 1000) + " ms" }
    if value < 1 { return "\(Int((value * 1000).rounded())) ms" }
    let hundredths = Int((value * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) s"
  }

  /// `value` with one decimal, as `%.1f` writes it.
  public static func tenths(_ value: Double) -> String {
    let scaled = Int((value * 10).rounded())
    return "\(scaled / 10).\(abs(scaled % 10))"
  }
}
