/// Why a schedule stopped a job: a limit of its own ran out, or the link reported a failure.
///
/// `Reason` is the adapter's own account of the link (a dropped connection, a refused write,
/// the Bluetooth stack gone): the schedule keeps the first one it is told and hands it back.
public enum DeliveryFailure<Reason: Sendable & Equatable>: Sendable, Equatable {
  /// A write or barrier went unanswered for this long.
  case answerTimeout(Duration)
  /// The stack answered "busy" to a write or read for this long.
  case busyTooLong(Duration)
  /// A byte stream took nothing for this long.
  case idle(Duration)
  /// A pause notification held the sender longer than this.
  case pausedTooLong(Duration)
  /// What the link reported.
  case reported(Reason)
}
