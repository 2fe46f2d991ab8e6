/// What a printer's notifications have said during a job: whether (and since when) it holds the
/// sender, and the other notifications, kept to be handed on in order. Both BLE schedules keep
/// one, so pause and resume mean the same in each.
struct PrinterSignals: Sendable {
  /// The printer's pause and resume notifications.
  let flow: FlowControl
  /// When the printer paused the sender; nil while it lets it go on.
  private(set) var paused: Duration?
  /// Notifications that are neither pause nor resume, oldest first.
  private var heard: [[UInt8]] = []

  /// Signals read with `flow`'s pause and resume.
  init(flow: FlowControl) {
    self.flow = flow
  }

  /// Takes in a notification that arrived at `now`: a pause (the first one counts), a resume,
  /// or something to pass on.
  mutating func notified(_ value: [UInt8], at now: Duration) {
    if value == flow.pause {
      paused = paused ?? now
    } else if value == flow.resume {
      paused = nil
    } else {
      heard.append(value)
    }
  }

  /// The oldest notification not yet handed on, if any.
  mutating func nextHeard() -> [UInt8]? {
    heard.isEmpty ? nil : heard.removeFirst()
  }
}
