import Foundation
import SlipTestSupport
import Testing

@testable import SlipServe

/// The server over real sockets on a port of its own: limits, refusals, responses and streams.
@Suite struct ServerTests {
  /// A server for the service of ``ServiceTests`` with `limits`, on a free loopback port.
  static func server(limits: HTTPLimits = HTTPLimits(bodyBytes: 4096, timeoutSeconds: 2)) throws -> HTTPServer
  {
    var service = try ServiceTests.service()
    service = try SlipService(
      configuration: ServeConfiguration(
        file: service.configuration.file, templates: service.configuration.templates,
        printers: service.configuration.printers, limits: limits),
      sourceDateEpoch: "1700000000", log: .silent)
    return try service.start(listen: ListenAddress(host: "127.0.0.1", port: 0, isIPv6: false))
  }

  @Test func requestsAreAnsweredOverSockets() throws {
    let server = try Self.server()
    defer { server.stop() }
    #expect(server.address.port != 0)
    let printers = RawClient.exchange(port: server.address.port, RawClient.request("GET", "/printers"))
    #expect(RawClient.status(printers) == 200)
    #expect(RawClient.body(printers).contains(#""id": "bar""#))
    let render = RawClient.exchange(
      port: server.address.port,
      RawClient.request("POST", "/render", body: #"{"source": "receipt\ntext \"hi\"", "target": "text"}"#))
    #expect(RawClient.status(render) == 200)
    #expect(RawClient.body(render).contains(#""target": "text""#))
  }

  @Test func aBodyOverTheLimitIs413BeforeItIsRead() throws {
    let server = try Self.server()
    defer { server.stop() }
    // Only the head is sent: the answer cannot wait for the body.
    let head = "POST /render HTTP/1.1\r\nHost: t\r\nContent-Length: 100000000\r\n\r\n"
    let response = RawClient.exchange(port: server.address.port, Array(head.utf8))
    #expect(RawClient.status(response) == 413)
    #expect(RawClient.body(response).contains("the limit is 4096"))
  }

  @Test func hostileRequestsAreRefused() throws {
    let server = try Self.server()
    defer { server.stop() }
    let port = server.address.port
    let encoded = RawClient.exchange(port: port, RawClient.request("GET", "/jobs%2F1"))
    #expect(RawClient.status(encoded) == 400)
    #expect(RawClient.body(encoded).contains("encoded '/'"))
    #expect(
      RawClient.status(RawClient.exchange(port: port, RawClient.request("GET", "/a/../printers"))) == 400)
    let huge = RawClient.request(
      "GET", "/printers", headers: ["X-Big: " + String(repeating: "a", count: 100_000)])
    #expect(RawClient.status(RawClient.exchange(port: port, huge)) == 431)
    #expect(
      RawClient.status(RawClient.exchange(port: port, Array("GET /printers HTTP/7.0\r\n\r\n".utf8))) == 505)
    // A body that stops halfway is closed after the timeout, without an answer.
    let start = ContinuousClock.now
    let half = RawClient.exchange(
      port: port, Array("POST /render HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n{\"so".utf8),
      timeout: 10)
    #expect(half.isEmpty)
    #expect(ContinuousClock.now - start < .seconds(8))
    // And the server still answers.
    #expect(RawClient.status(RawClient.exchange(port: port, RawClient.request("GET", "/printers"))) == 200)
  }

  @Test func aPortInUseIsAnError() throws {
    let server = try Self.server()
    defer { server.stop() }
    #expect(throws: ListenAddressError.self) {
      _ = try ServiceTests.service().start(listen: server.address)
    }
  }
}

@Suite struct ServiceLogTests {
  /// Lines a log received.
  final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
  }

  @Test func eachRequestGetsOneLine() throws {
    let lines = Lines()
    let log = ServiceLog { lines.add($0) }
    let base = try ServiceTests.service()
    let service = try SlipService(configuration: base.configuration, sourceDateEpoch: "1700000000", log: log)
    let server = try service.start(listen: ListenAddress(host: "127.0.0.1", port: 0, isIPv6: false))
    _ = RawClient.exchange(port: server.address.port, RawClient.request("GET", "/printers"))
    _ = RawClient.exchange(port: server.address.port, RawClient.request("GET", "/x%0Aforged%2Fline"))
    server.stop()
    let logged = lines.all
    #expect(logged.count == 2)
    #expect(logged.allSatisfy { $0.hasSuffix("\n") && $0.dropLast().contains("\n") == false })
    #expect(logged[0].contains(" GET /printers 200 "))
    // A hostile path cannot start a line of its own.
    #expect(logged[1].contains("GET /x%0Aforged%2Fline 400"))
  }

  @Test func controlCharactersAreEscaped() {
    #expect(ServiceLog.printable("a\nb\u{7}") == "a\\x0ab\\x07")
  }
}
