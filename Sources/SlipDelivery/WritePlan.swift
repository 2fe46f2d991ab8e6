/// The decisions made once per GATT job, before its first write: the write type (from the
/// options and the characteristic's properties), the chunk size (MTU − 3, or the printer's
/// limit), the barrier and how often it comes, the pacing, and the calls that carry the bytes.
public struct WritePlan: Sendable, Equatable {
  /// The characteristic does not take the write type the options ask for.
  public struct UnsupportedWriteType: Error, Sendable, Equatable {
    /// The type asked for.
    public var type: WriteType

    /// The characteristic does not take `type` writes.
    public init(type: WriteType) {
      self.type = type
    }
  }

  /// The job's delivery before the first write: chunking, write type, barrier, pacing.
  public var delivery: Delivery
  /// The calls, in order.
  public var operations: [WriteOperation]

  /// The plan for `total` bytes to `printer` through `characteristic`.
  public init(
    printer: String, total: Int, characteristic: WriteCharacteristic, options: WriteOptions
  ) throws(UnsupportedWriteType) {
    let type: WriteType
    switch options.writeType {
    case .request?:
      guard characteristic.takesRequests else { throw UnsupportedWriteType(type: .request) }
      type = .request
    case .command?:
      guard characteristic.takesCommands else { throw UnsupportedWriteType(type: .command) }
      type = .command
    case nil:
      type = characteristic.takesCommands ? .command : .request
    }
    // A request write proves everything queued before it; a read does too where nothing takes
    // requests; without either, bytes can only be handed over.
    let barrier: Barrier =
      type == .request || characteristic.takesRequests
      ? .request : characteristic.readBarrier ? .read : .none
    let payload = characteristic.payload
    let chunk = max(1, min(payload, options.chunkLimit ?? payload))
    let every = type == .request ? 1 : min(64, max(8, options.barrierBytes / chunk))
    delivery = Delivery(
      printer: printer, total: total, chunks: (total + chunk - 1) / chunk, chunkSize: chunk, writeType: type,
      barrier: barrier, barrierEvery: every, fast: options.fast && type == .command,
      rate: options.rate ?? options.pacing.map { Double(chunk) / max($0.seconds, 0.001) })
    operations = Self.operations(delivery)
  }

  /// The calls that carry a delivery's bytes: every chunk a write; the barrier's chunks (each
  /// `barrierEvery`-th and the last) as `request` writes, or followed by a read.
  public static func operations(_ delivery: Delivery) -> [WriteOperation] {
    var operations: [WriteOperation] = []
    let chunk = delivery.chunkSize
    for index in 0..<delivery.chunks {
      let range = index * chunk..<min(delivery.total, (index + 1) * chunk)
      let atBarrier = (index + 1) % delivery.barrierEvery == 0 || index == delivery.chunks - 1
      switch (delivery.writeType, delivery.barrier, atBarrier) {
      case (.request, _, _), (.command, .request, true):
        operations.append(WriteOperation(kind: .write(.request), range: range, chunk: index))
      case (.command, .read, true):
        operations.append(WriteOperation(kind: .write(.command), range: range, chunk: index))
        operations.append(
          WriteOperation(kind: .read, range: range.upperBound..<range.upperBound, chunk: index))
      default:
        operations.append(WriteOperation(kind: .write(.command), range: range, chunk: index))
      }
    }
    return operations
  }
}
