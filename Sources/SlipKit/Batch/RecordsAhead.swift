import SlipCore
import SlipRecords

/// The records of a batch read ahead of the one being written, handed to the workers to render
/// in runs of a few dozen (a hand-over costs a thread's wake-up: one a record would cost more
/// than rendering the record on one core). At most `window` records are in flight, so memory
/// stays flat whatever the file's length.
///
/// Records are read in order, by the batch's thread alone, and come back in that order with
/// their renders; a record that cannot be read, and the end of the file, keep their place.
/// While the next record's run is not rendered yet, the batch's thread renders a run itself:
/// that run, if no worker has taken it, else the last one read (the workers take the oldest).
struct RecordsAhead {
  /// A record read ahead and its render (the one at `index` of a run's; nil until the run is
  /// handed over); a record that could not be read; the end.
  enum Slot {
    case record(DataRecord, PendingRender?, index: Int)
    case problem(RecordProblem)
    /// The end of the records; `failed` when reading the file failed partway.
    case end(failed: Bool)
  }

  private let workers: RecordWorkers
  private let render: PendingRender.Render
  /// The most records read ahead.
  private let window: Int
  /// How many records a worker renders at a time.
  private let run: Int
  private var slots: [Slot] = []
  private var ended = false
  /// The records read for the next run, not yet handed over.
  private var open: [PendingRender.Input] = []
  /// The slots of the open run, from this index of `slots` on.
  private var openStart = 0
  /// The runs handed over whose records are not begun, oldest first (called off or waited for
  /// when the batch goes).
  private let inFlight = RunsInFlight()

  /// Records read up to `window` ahead, rendered by `render` on `workers` `run` at a time.
  init(workers: RecordWorkers, window: Int, run: Int, render: @escaping PendingRender.Render) {
    self.workers = workers
    self.run = max(1, run)
    self.window = max(self.run, window)
    self.render = render
  }

  /// The next record of `records` (read ahead with those after it, up to the window), rendered.
  mutating func next(from records: inout Records) -> Slot {
    while slots.count < window, !ended { read(&records) }
    // The window ends inside the open run: hand it over as it is.
    if openStart == 0 { handOver() }
    guard !slots.isEmpty else { return .end(failed: records.failed) }
    let slot = slots.removeFirst()
    openStart -= 1
    guard case .record(_, let pending?, let index) = slot else { return slot }
    help(until: pending)
    if index == 0 { inFlight.removeOldest(pending) }
    return slot
  }

  /// The record after the one ``next(from:)`` gave last, without taking it; nil at the end or
  /// when it cannot be read (as ``Records/peek()`` answers).
  mutating func following(in records: inout Records) -> DataRecord? {
    if slots.isEmpty, !ended { read(&records) }
    guard case .record(let record, _, _)? = slots.first else { return nil }
    return record
  }

  /// Calls off the runs no worker has taken and waits for those under way: the batch stopped.
  func settle() { inFlight.settle() }

  /// Renders runs on this thread until `pending` is claimed: it, or else the newest run not
  /// claimed yet; then waits for it.
  private func help(until pending: PendingRender) {
    if pending.perform() { return }
    for other in inFlight.runs.reversed() where other !== pending {
      if pending.isDone { return }
      other.perform()
    }
    _ = pending.wait()
  }

  /// Reads one record into the open run, handing the run over once it is full or the file ends.
  private mutating func read(_ records: inout Records) {
    do throws(RecordProblem) {
      guard let record = try records.next() else {
        ended = true
        handOver()
        slots.append(.end(failed: records.failed))
        return
      }
      if open.isEmpty { openStart = slots.count }
      slots.append(.record(record, nil, index: open.count))
      open.append((record.object, record.line, record.json))
      if open.count == run { handOver() }
    } catch {
      slots.append(.problem(error))
    }
  }

  /// Gives the open run to a worker, its slots pointing at its renders.
  private mutating func handOver() {
    guard !open.isEmpty else { return }
    let pending = PendingRender(open, render: render)
    for position in openStart..<slots.count {
      if case .record(let record, _, let index) = slots[position] {
        slots[position] = .record(record, pending, index: index)
      }
    }
    inFlight.append(pending)
    workers.run { pending.perform() }
    open = []
    openStart = slots.count
  }
}
