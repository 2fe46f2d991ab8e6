import Foundation
import SlipQueue
import SlipTestSupport
import Testing

@testable import SlipServe

/// The job routes in process, on a real queue whose printer is a file.
@Suite(.serialized) struct JobsTests {
  /// A started queue in a fresh folder, its printer `bar` writing each job to `bar.bin` there,
  /// and the service on it.
  final class Fixture {
    let folder: URL
    let queue: JobQueue
    let service: SlipService

    init() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "slip-serve-jobs-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let text = """
        {"templates": "\(Repository.root.appendingPathComponent("templates").path)",
         "printers": {"bar": {"to": "file:bar.bin", "printer": "generic-58"}}}
        """
      let configuration = try ServeConfiguration.parse(
        Array(text.utf8), file: "slip-serve.json", folder: folder.path)
      let printer = try #require(configuration.printer("bar"))
      queue = try JobQueue(
        directory: folder.appendingPathComponent("state").path,
        printers: ["bar": QueuePrinter(destination: printer.destination)])
      try queue.start()
      service = try SlipService(
        configuration: configuration, queue: queue, sourceDateEpoch: "1700000000", log: .silent)
    }

    deinit {
      queue.shutdown()
      try? FileManager.default.removeItem(at: folder)
    }

    func send(_ method: String, _ path: String, _ body: String = "", headers: [(String, String)] = []) throws
      -> (Int, [String: Any])
    {
      let (decoded, segments) = try RequestPath.parse(
        path.split(separator: "?").first.map(String.init) ?? path
      ).get()
      var query: [(name: String, value: String)] = []
      if let rest = path.split(separator: "?").dropFirst().first {
        for pair in rest.split(separator: "&") {
          let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
          query.append((parts[0], parts.count > 1 ? parts[1] : ""))
        }
      }
      let request = HTTPRequest(
        head: HTTPRequestHead(
          method: method, path: decoded, segments: segments, query: query, headers: headers),
        body: Array(body.utf8))
      let response = service.respond(to: request)
      let json =
        (try? JSONSerialization.jsonObject(with: Data(response.bytes ?? [])) as? [String: Any]) ?? [:]
      return (response.status, json)
    }

    /// The job once it is no longer queued or sending.
    func finished(_ id: Int) throws -> [String: Any] {
      let deadline = ContinuousClock.now + .seconds(20)
      while true {
        let (_, job) = try send("GET", "/jobs/\(id)")
        let state = job["state"] as? String
        if (state != "queued" && state != "sending") || ContinuousClock.now > deadline { return job }
        Thread.sleep(forTimeInterval: 0.02)
      }
    }
  }

  static let job = #"{"source": "receipt\ntext \"one job\"\ncut", "printer": "bar", "label": "r-1"}"#

  @Test func aJobIsRenderedQueuedAndPrinted() throws {
    let fixture = try Fixture()
    let (status, job) = try fixture.send("POST", "/jobs", Self.job, headers: [("Idempotency-Key", "a")])
    #expect(status == 202)
    #expect(job["state"] as? String == "queued")
    #expect(job["label"] as? String == "r-1")
    let id = try #require(job["id"] as? Int)
    let done = try fixture.finished(id)
    #expect(done["state"] as? String == "done")
    let printed = try Data(contentsOf: fixture.folder.appendingPathComponent("bar.bin"))
    #expect(done["bytes"] as? Int == printed.count)
    #expect(done["confirmed"] as? Int == printed.count)
    #expect(done["notSent"] as? Int == 0)
    let (_, rendered) = try fixture.send(
      "POST", "/render", #"{"source": "receipt\ntext \"one job\"\ncut", "printer": "bar"}"#)
    #expect(Data(base64Encoded: try #require(rendered["bytes"] as? String)) == printed)
    // The same key again: the first job, not a second print.
    let (again, first) = try fixture.send("POST", "/jobs", Self.job, headers: [("Idempotency-Key", "a")])
    #expect(again == 200)
    #expect(first["id"] as? Int == id)
    let (_, listing) = try fixture.send("GET", "/jobs?printer=bar&state=done")
    #expect((listing["jobs"] as? [[String: Any]])?.map { $0["id"] as? Int } == [id])
    let (_, none) = try fixture.send("GET", "/jobs?state=failed")
    #expect((none["jobs"] as? [Any])?.isEmpty == true)
    #expect(try fixture.send("DELETE", "/jobs/\(id)").0 == 409)
    #expect(try fixture.send("POST", "/jobs/\(id)/retry").0 == 409)
    let (_, printers) = try fixture.send("GET", "/printers")
    let status0 = try #require((printers["printers"] as? [[String: Any]])?.first?["status"] as? [String: Any])
    #expect(status0["state"] as? String == "ready")
  }

  @Test func refusalsHaveTheirStatus() throws {
    let fixture = try Fixture()
    #expect(try fixture.send("GET", "/jobs/12345").0 == 404)
    #expect(try fixture.send("GET", "/jobs/0").0 == 400)
    #expect(try fixture.send("GET", "/jobs/01").0 == 400)
    #expect(try fixture.send("DELETE", "/jobs/12345").0 == 404)
    #expect(try fixture.send("GET", "/jobs?state=printed").0 == 400)
    #expect(try fixture.send("GET", "/jobs?printer=nope").0 == 400)
    #expect(try fixture.send("GET", "/jobs?colour=red").0 == 400)
    #expect(try fixture.send("POST", "/jobs", #"{"source": "receipt"}"#).0 == 400)
    #expect(try fixture.send("POST", "/jobs", #"{"source": "receipt", "printer": "kitchen"}"#).0 == 400)
    #expect(
      try fixture.send("POST", "/jobs", #"{"source": "receipt", "printer": "bar", "preview": true}"#).0 == 400
    )
    let (status, body) = try fixture.send(
      "POST", "/jobs", #"{"source": "receipt\ntext \"{{ a | rupia }}\"", "printer": "bar"}"#)
    #expect(status == 422)
    #expect(body["diagnostics"] is [Any])
    let long = String(repeating: "k", count: 300)
    #expect(try fixture.send("POST", "/jobs", Self.job, headers: [("Idempotency-Key", long)]).0 == 400)
  }

  @Test func eventsFollowAJobToItsEnd() throws {
    let fixture = try Fixture()
    let (_, job) = try fixture.send("POST", "/jobs", Self.job)
    let id = try #require(job["id"] as? Int)
    let (decoded, segments) = try RequestPath.parse("/jobs/\(id)/events").get()
    let response = fixture.service.respond(
      to: HTTPRequest(head: HTTPRequestHead(method: "GET", path: decoded, segments: segments)))
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "text/event-stream")
    guard case .stream(let stream) = response.body else {
      Issue.record("not a stream")
      return
    }
    var text = ""
    while let chunk = stream.next() { text += String(decoding: chunk, as: UTF8.self) }
    let states = text.split(separator: "\n").filter { $0.hasPrefix("data: ") }.compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any])?["state"]
        as? String
    }
    #expect(states.last == "done")
    #expect(text.hasPrefix("event: job\ndata: {"))
  }
}
