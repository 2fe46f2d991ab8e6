import Dispatch
import SlipCore
import Synchronization

/// The ``RecordRender``s of a run of records, made by whichever thread claims the run first: a
/// worker taking it in turn, or the batch's own thread when it would otherwise wait. The batch
/// waits for them when the first of the records comes to be written.
final class PendingRender: Sendable {
  /// A record's values, line and text, as a render is given them.
  typealias Input = (object: JSONObject?, line: Int, json: [UInt8]?)
  /// Renders a record.
  typealias Render = @Sendable (Input) -> RecordRender

  private struct State {
    /// The records, until a thread claims them.
    var inputs: [Input]?
    /// Their renders, in order, once made.
    var renders: [RecordRender]?
  }

  private let state: Mutex<State>
  private let render: Render
  private let done = DispatchSemaphore(value: 0)

  /// The renders of `inputs` by `render`, not made yet.
  init(_ inputs: [Input], render: @escaping Render) {
    state = Mutex(State(inputs: inputs))
    self.render = render
  }

  /// Makes the renders, unless another thread has claimed them; whether this one did.
  @discardableResult
  func perform() -> Bool {
    guard let inputs = state.withLock({ $0.inputs.take() }) else { return false }
    let renders = inputs.map(render)
    state.withLock { $0.renders = renders }
    done.signal()
    return true
  }

  /// Calls the renders off unless a thread has claimed them; whether it did (then ``wait()``
  /// would never return).
  func cancel() -> Bool {
    state.withLock { $0.inputs.take() } != nil
  }

  /// Whether the renders are made.
  var isDone: Bool { state.withLock { $0.renders != nil } }

  /// The renders, once made; later calls give them at once.
  func wait() -> [RecordRender] {
    if let renders = state.withLock({ $0.renders }) { return renders }
    done.wait()
    guard let renders = state.withLock({ $0.renders }) else {
      preconditionFailure("a pending render was signalled before it was made")
    }
    return renders
  }
}
