/// What the reader makes of the values it reads: the data reader builds the compiler's values,
/// the profile reader a tree that remembers where each value is. The reader is generic over it
/// and inlinable, so each builder gets a parser specialized for it and pays for no indirection.
public protocol JSONBuilder {
  /// A complete value.
  associatedtype Value
  /// An object being filled, member by member.
  associatedtype Object

  /// A string; `offset` is that of its opening quote.
  mutating func string(_ text: String, at offset: Int) -> Value
  /// A number in JSON's syntax, already checked; nil when the builder cannot hold it (the reader
  /// reports it as out of range).
  mutating func number(_ text: Slice<UnsafeBufferPointer<UInt8>>, at offset: Int) -> Value?
  /// `true` or `false`.
  mutating func bool(_ value: Bool, at offset: Int) -> Value
  /// `null`.
  mutating func null(at offset: Int) -> Value
  /// A list; `offset` is that of its `[`.
  mutating func array(_ items: [Value], at offset: Int) -> Value
  /// An object with no members yet.
  func emptyObject() -> Object
  /// Whether `object` has `key` already: true makes the reader report a duplicate key. A builder
  /// that reports duplicates itself, with more context, answers false.
  func contains(_ key: String, in object: borrowing Object) -> Bool
  /// Adds a member; `offset` is that of the key's opening quote.
  mutating func add(_ value: Value, forKey key: String, at offset: Int, to object: inout Object)
  /// A finished object; `offset` is that of its `{`.
  mutating func object(_ object: Object, at offset: Int) -> Value
}
