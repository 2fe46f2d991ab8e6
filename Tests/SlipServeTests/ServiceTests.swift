import Foundation
import SlipCore
import SlipKit
import SlipTestSupport
import Testing

@testable import SlipServe

/// The service's endpoints called in process, as the server calls them.
@Suite struct ServiceTests {
  /// A service over the repository's templates with one printer, at a fixed clock.
  static func service(token: String? = nil) throws -> SlipService {
    let text = """
      {"templates": "templates", "printers": {"bar": {"to": "tcp:127.0.0.1:9100", "printer": "generic-80"}}}
      """
    let configuration = try ServeConfiguration.parse(
      Array(text.utf8), file: "slip-serve.json", folder: Repository.root.path)
    return try SlipService(
      configuration: configuration, token: token, sourceDateEpoch: "1700000000", log: .silent)
  }

  static func post(_ path: String, _ body: String, headers: [(String, String)] = []) throws -> HTTPRequest {
    let (decoded, segments) = try RequestPath.parse(path).get()
    return HTTPRequest(
      head: HTTPRequestHead(method: "POST", path: decoded, segments: segments, headers: headers),
      body: Array(body.utf8))
  }

  /// The response's JSON body as Foundation objects.
  static func json(_ response: HTTPResponse) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(response.bytes ?? [])) as? [String: Any])
  }

  static var kopiData: String {
    get throws {
      try String(
        contentsOf: Repository.root.appendingPathComponent("templates/kopi-senja.json"), encoding: .utf8)
    }
  }

  @Test func renderGivesTheRenderersBytes() throws {
    let service = try Self.service()
    let response = service.respond(
      to: try Self.post("/render", #"{"template": "kopi-senja.slip", "data": \#(try Self.kopiData)}"#))
    #expect(response.status == 200)
    let body = try Self.json(response)
    let encoded = try #require(body["bytes"] as? String)
    let bytes = try #require(Data(base64Encoded: encoded))
    let expected = Renderer(options: RenderOptions(now: ExactDecimal(1_700_000_000))).render(
      try TemplateSource(path: Repository.root.appendingPathComponent("templates/kopi-senja.slip").path),
      data: try .file(Repository.root.appendingPathComponent("templates/kopi-senja.json").path))
    #expect(Array(bytes) == expected.bytes)
    #expect(body["target"] as? String == "escpos")
    #expect(body["preview"] == nil)
    #expect((body["diagnostics"] as? [Any])?.isEmpty == true)
  }

  @Test func aPrinterAndPreviewsFollowTheRequest() throws {
    let service = try Self.service()
    let body =
      #"{"template": "kopi-senja.slip", "data": \#(try Self.kopiData), "printer": "bar", "preview": true}"#
    let response = service.respond(to: try Self.post("/render", body))
    #expect(response.status == 200)
    let pages = try #require(try Self.json(response)["preview"] as? [String])
    #expect(pages.count == 1)
    let png = try #require(Data(base64Encoded: pages[0]))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let text = service.respond(
      to: try Self.post("/render", #"{"source": "receipt\ntext \"hi\"", "target": "text"}"#))
    let encoded = try #require(try Self.json(text)["bytes"] as? String)
    let bytes = try #require(Data(base64Encoded: encoded))
    #expect(String(decoding: bytes, as: UTF8.self).contains("hi"))
  }

  @Test func templateErrorsAre422WithTheDiagnostics() throws {
    let service = try Self.service()
    let response = service.respond(
      to: try Self.post("/render", #"{"source": "receipt\ntext \"{{ 1 | rupia }}\""}"#))
    #expect(response.status == 422)
    let diagnostics = try #require(try Self.json(response)["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.map { $0["id"] as? String } == ["E0302"])
    #expect(diagnostics[0]["file"] as? String == "source.slip")
    #expect(diagnostics[0]["line"] as? Int == 2)
    #expect(diagnostics[0]["help"] as? [String] == ["did you mean 'rupiah'?"])
  }

  @Test func dataErrorsPointIntoTheData() throws {
    let service = try Self.service()
    // Data as text: places are the text's own.
    let asText = service.respond(
      to: try Self.post("/render", #"{"source": "receipt\ntext \"{{ a }}\"", "data": "{\n  \"a\": [1,}"}"#))
    #expect(asText.status == 422)
    let first = try #require((try Self.json(asText)["diagnostics"] as? [[String: Any]])?.first)
    #expect(first["file"] as? String == "data.json")
    #expect(first["line"] as? Int == 2)
    // Data as an object: the rest of the body is blanked, so the data reader sees only it.
    let asObject = service.respond(
      to: try Self.post(
        "/render",
        "{\"source\": \"receipt\\ntext \\\"{{ a }}\\\"\", \"target\": \"text\",\n \"data\": {\"a\": \"olá\"}}"
      ))
    #expect(asObject.status == 200)
    let encoded = try #require(try Self.json(asObject)["bytes"] as? String)
    #expect(String(decoding: try #require(Data(base64Encoded: encoded)), as: UTF8.self).contains("olá"))
  }

  @Test func includesNeverLeaveTheTemplatesFolder() throws {
    let service = try Self.service()
    let response = service.respond(
      to: try Self.post("/render", #"{"source": "receipt\ninclude \"../Package.swift\""}"#))
    #expect(response.status == 422)
    let diagnostics = try #require(try Self.json(response)["diagnostics"] as? [[String: Any]])
    let message = try #require(diagnostics.first?["message"] as? String)
    #expect(message.contains("'../Package.swift' is outside the template root"))
    #expect(!message.contains("--root"))
  }

  @Test(arguments: [
    (#"{"template": "../Package.swift"}"#, 400), (#"{"template": "/etc/passwd"}"#, 400),
    (#"{"template": "a//b.slip"}"#, 400), (#"{"template": "no-such.slip"}"#, 404),
    (#"{"source": "receipt", "template": "kopi-senja.slip"}"#, 400), (#"{}"#, 400), ("[1]", 400),
    ("{\"source\": ", 400), (#"{"source": "receipt", "target": "pdf"}"#, 400),
    (#"{"source": "receipt", "printer": "nope"}"#, 400), (#"{"source": "receipt", "preview": "yes"}"#, 400),
    (#"{"source": "receipt", "colour": 1}"#, 400), (#"{"source": "receipt", "data": [1]}"#, 400),
  ])
  func badRequestsAreRefusedWithAJSONError(_ body: String, _ status: Int) throws {
    let response = try Self.service().respond(to: try Self.post("/render", body))
    #expect(response.status == status)
    #expect(try Self.json(response)["error"] is String)
  }

  @Test func printersAreListed() throws {
    let response = try Self.service().respond(to: try RouterTests.request("GET", "/printers"))
    #expect(response.status == 200)
    let printers = try #require(try Self.json(response)["printers"] as? [[String: Any]])
    #expect(printers.map { $0["id"] as? String } == ["bar"])
    #expect(printers[0]["printer"] as? String == "generic-80")
  }

  @Test func aTokenIsNeededWhenSet() throws {
    let service = try Self.service(token: "0123456789abcdef")
    let head = HTTPRequestHead(method: "GET", path: "/printers", segments: ["printers"])
    #expect(service.admit(head)?.status == 401)
    #expect(service.admit(head)?.header("WWW-Authenticate") == "Bearer")
    var wrong = head
    wrong.headers = [("authorization", "Bearer 0123456789abcdeX")]
    #expect(service.admit(wrong)?.status == 401)
    var right = head
    right.headers = [("authorization", "Bearer 0123456789abcdef")]
    #expect(service.admit(right) == nil)
    #expect(try Self.service().admit(head) == nil)
  }
}
