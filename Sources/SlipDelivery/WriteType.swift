/// The two kinds of GATT write (BlueZ's `type` option, Core Bluetooth's `CBCharacteristicWriteType`).
public enum WriteType: String, Sendable, Equatable, CaseIterable {
  /// Write Request: the printer answers each one.
  case request
  /// Write Command: no answer; the Bluetooth stack queues it.
  case command
}

/// What proves that queued `command` writes reached the printer.
public enum Barrier: String, Sendable, Equatable {
  /// Every N-th chunk (and the last) goes as a `request` write.
  case request
  /// A `ReadValue` after every N chunks and at the end; the stack serves it after the queue.
  case read
  /// Nothing: the printer offers no acknowledged write or read, so bytes are only handed over.
  case none
}
