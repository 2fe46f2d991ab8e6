import Foundation
import SlipCore
import SlipKit
import SlipQueue
import SlipSupport
import Synchronization

extension SlipService {
  /// The job routes, on the queue.
  func addJobRoutes(to router: inout Router, queue: JobQueue) {
    router.add("POST", "/jobs") { request, _ in submit(request, queue: queue) }
    router.add("GET", "/jobs") { request, _ in list(request, queue: queue) }
    router.add("GET", "/jobs/:id") { _, parameters in
      withJob(parameters) { id throws(QueueError) in
        guard let job = try queue.job(id) else { throw .notFound(id) }
        return .json(200, .job(job))
      }
    }
    router.add("DELETE", "/jobs/:id") { _, parameters in
      withJob(parameters) { id throws(QueueError) in .json(200, .job(try queue.cancel(id))) }
    }
    router.add("POST", "/jobs/:id/retry") { _, parameters in
      withJob(parameters) { id throws(QueueError) in .json(202, .job(try queue.retry(id))) }
    }
    router.add("GET", "/jobs/:id/events") { _, parameters in
      withJob(parameters) { id throws(QueueError) in
        guard try queue.job(id) != nil else { throw .notFound(id) }
        let stream = JobEventStream(queue.updates(of: id))
        streams.add(stream)
        return HTTPResponse(
          status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")],
          body: .stream(stream))
      }
    }
  }

  /// `POST /jobs`: renders the request for its printer and queues the bytes: 202 with the new
  /// job, or 200 with the first job when the `Idempotency-Key` was used in the last 24 hours.
  func submit(_ request: HTTPRequest, queue: JobQueue) -> HTTPResponse {
    let parsed: RenderRequest
    do throws(RenderRequest.Refusal) {
      parsed = try RenderRequest(body: request.body, extra: ["label"])
    } catch {
      return .error(400, error.message)
    }
    guard let printer = parsed.printer else {
      return .error(400, "a job needs 'printer': one of the configured printers (GET /printers)")
    }
    guard configuration.printer(printer) != nil else {
      let hint =
        Suggestion.closest(to: printer, in: configuration.printers.map(\.id)).map {
          "; did you mean '\($0)'?"
        } ?? ""
      return .error(400, "no printer '\(printer)' is configured\(hint) (GET /printers lists them)")
    }
    guard !parsed.preview else { return .error(400, "a job has no preview: ask POST /render for one") }
    let key = request.head.header("Idempotency-Key")
    switch rendering(parsed) {
    case .refused(let response):
      return response
    case .rendered(let rendering):
      let label: String
      switch parsed.template {
      case .named(let name): label = parsed.label ?? name
      case .source: label = parsed.label ?? ""
      }
      do throws(QueueError) {
        let (job, created) = try queue.submit(
          JobRequest(printer: printer, bytes: rendering.bytes, idempotencyKey: key, label: label))
        return .json(created ? 202 : 200, .job(job), headers: [("Location", "/jobs/\(job.id)")])
      } catch {
        return .queueError(error)
      }
    }
  }

  /// `GET /jobs?printer=ID&state=STATE`: `{"jobs": […]}`, oldest first.
  func list(_ request: HTTPRequest, queue: JobQueue) -> HTTPResponse {
    for argument in request.head.query where !["printer", "state"].contains(argument.name) {
      return .error(400, "unknown query argument '\(argument.name)': the arguments are printer and state")
    }
    let printer = request.head.argument("printer")
    if let printer, configuration.printer(printer) == nil {
      return .error(400, "no printer '\(printer)' is configured (GET /printers lists them)")
    }
    var state: JobState?
    if let name = request.head.argument("state") {
      guard let known = JobState(rawValue: name) else {
        let names = JobState.allCases.map(\.rawValue)
        let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
        return .error(400, "unknown state '\(name)'\(hint); the states are \(names.joined(separator: ", "))")
      }
      state = known
    }
    do throws(QueueError) {
      return .json(
        200, .object([("jobs", .array(try queue.jobs(printer: printer, state: state).map { .job($0) }))]))
    } catch {
      return .queueError(error)
    }
  }

  /// The response of `body` for the job number the route bound, 400 when it is no number.
  private func withJob(_ parameters: Router.Parameters, _ body: (Int) throws(QueueError) -> HTTPResponse)
    -> HTTPResponse
  {
    guard let text = parameters["id"], let id = Int(text), id > 0, String(id) == text else {
      return .error(400, "'\(parameters["id"] ?? "")' is not a job number")
    }
    do throws(QueueError) {
      return try body(id)
    } catch {
      return .queueError(error)
    }
  }
}

/// The event streams the service has open, so stopping can end them (each holds a connection's
/// thread, which stopping the server waits for).
final class OpenStreams: Sendable {
  private let streams = Mutex<[ObjectIdentifier: WeakStream]>([:])

  private struct WeakStream: @unchecked Sendable {
    weak var stream: JobEventStream?
  }

  func add(_ stream: JobEventStream) {
    streams.withLock { streams in
      streams = streams.filter { $0.value.stream != nil }
      streams[ObjectIdentifier(stream)] = WeakStream(stream: stream)
    }
  }

  /// Ends every open stream.
  func closeAll() {
    let all = streams.withLock { streams in
      defer { streams = [:] }
      return streams.values.compactMap(\.stream)
    }
    for stream in all { stream.close() }
  }
}
