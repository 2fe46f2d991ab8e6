import SlipTransport

/// What the user sees while a job goes out.
final class ProgressReport {
  private let quiet: Bool
  private let terminal: Bool
  private var drawn = false

  init(quiet: Bool, terminal: Bool) {
    self.quiet = quiet
    self.terminal = terminal
  }

  /// On a terminal: redraws the bar (bytes, chunks confirmed of total, rate, time left).
  func update(_ delivery: Delivery) {
    guard terminal, !quiet else { return }
    Console.error("\r" + delivery.progressLine + "\u{1B}[K")
    drawn = true
  }

  /// A line of its own (the bar, if any, gives way to it), unless quiet.
  func printLine(_ text: String) {
    guard !quiet else { return }
    clear()
    Console.error(text + "\n")
  }

  /// Removes the bar before an error message.
  func clear() {
    if drawn { Console.error("\r\u{1B}[K") }
    drawn = false
  }

  /// The summary: the bar's last state on a terminal, then one line.
  func finish(_ delivery: Delivery) {
    guard !quiet else { return }
    if terminal {
      update(delivery)
      Console.error("\n")
    }
    Console.error(delivery.summary + "\n")
  }

  /// A notification from the printer, as text when it is text.
  func printerSaid(_ bytes: [UInt8]) {
    guard !quiet else { return }
    clear()
    Console.error("printer: \(Delivery.notification(bytes))\n")
  }
}
