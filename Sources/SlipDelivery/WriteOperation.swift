/// One call of a GATT job: a write of a chunk, or a read serving as a barrier.
public struct WriteOperation: Sendable, Equatable {
  /// What the call does.
  public enum Kind: Sendable, Equatable {
    /// A write of `range` with this type.
    case write(WriteType)
    /// A read barrier; `range` is empty, ending where the bytes it confirms end.
    case read
  }

  /// What the call does.
  public var kind: Kind
  /// The job's bytes the call carries (empty for a read barrier).
  public var range: Range<Int>
  /// The chunk it carries or follows, from 0.
  public var chunk: Int

  /// A call.
  public init(kind: Kind, range: Range<Int>, chunk: Int) {
    self.kind = kind
    self.range = range
    self.chunk = chunk
  }

  /// Whether its answer proves that every byte up to `range.upperBound` arrived.
  public var confirms: Bool { kind != .write(.command) }
}
