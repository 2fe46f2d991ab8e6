import Foundation
import SlipCore
import SlipTestSupport
import Testing

@testable import SlipServe

/// The designer's endpoints in process: what the page opens with, reading and saving files in
/// the templates folder (atomically, never outside it), read-only `slip serve`, `slip design`'s
/// session, and the readable forms `POST /render` adds for the page.
@Suite struct DesignerTests {
  /// A scratch templates folder holding kopi-senja's template and data, and a folder beside it.
  static func scratch() throws -> (folder: String, outside: String) {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("slip-designer-\(UUID())")
    let folder = base.appendingPathComponent("templates")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: base.appendingPathComponent("outside"), withIntermediateDirectories: true)
    for name in ["kopi-senja.slip", "kopi-senja.json"] {
      try FileManager.default.copyItem(
        at: Repository.root.appendingPathComponent("templates/" + name),
        to: folder.appendingPathComponent(name))
    }
    return (folder.path, base.appendingPathComponent("outside").path)
  }

  static func service(folder: String, edit: Bool, setup: DesignerSetup = DesignerSetup()) throws
    -> SlipService
  {
    let configuration = ServeConfiguration(file: "", templates: folder, printers: [], editTemplates: edit)
    return try SlipService(
      configuration: configuration, assets: .designer, designer: setup, sourceDateEpoch: "1700000000",
      log: .silent)
  }

  static func request(_ method: String, _ path: String, _ body: String = "") throws -> HTTPRequest {
    let (decoded, segments) = try RequestPath.parse(path).get()
    return HTTPRequest(
      head: HTTPRequestHead(method: method, path: decoded, segments: segments), body: Array(body.utf8))
  }

  static func text(_ response: HTTPResponse) -> String {
    String(decoding: response.bytes ?? [], as: UTF8.self)
  }

  @Test func thePageIsServedFromMemoryAtTheRoot() throws {
    let service = try Self.service(folder: try Self.scratch().folder, edit: false)
    let page = service.respond(to: try Self.request("GET", "/"))
    #expect(page.status == 200)
    #expect(page.header("Content-Type") == "text/html; charset=utf-8")
    for hook in [
      "id=\"source\"", "id=\"data\"", "id=\"printer\"", "id=\"preview\"", "id=\"diagnostics\"",
      "id=\"print\"",
    ] {
      #expect(Self.text(page).contains(hook), "the page has \(hook)")
    }
    let script = service.respond(to: try Self.request("GET", "/designer.js"))
    #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
    #expect(Self.text(script).contains("CompressionStream"))
    // Nothing on the page loads from elsewhere.
    #expect(!Self.text(page).contains("http://") && !Self.text(page).contains("https://"))
  }

  @Test func theSetupListsTheFolderAndThePrinters() throws {
    let folder = try Self.scratch().folder
    let setup = DesignerSetup(template: "kopi-senja.slip", dataName: "kopi-senja.json", dataText: "{}")
    let service = try Self.service(folder: folder, edit: true, setup: setup)
    let body = try ServiceTests.json(service.respond(to: try Self.request("GET", "/designer")))
    #expect(body["edit"] as? Bool == true)
    #expect(body["template"] as? String == "kopi-senja.slip")
    #expect(body["dataText"] as? String == "{}")
    #expect(body["files"] as? [String] == ["kopi-senja.json", "kopi-senja.slip"])
    let printers = try #require(body["printers"] as? [[String: Any]])
    #expect(printers.contains { $0["id"] as? String == "generic-80" && $0["configured"] as? Bool == false })
  }

  @Test func savingWritesTheFileWholeByRename() throws {
    let folder = try Self.scratch().folder
    let service = try Self.service(folder: folder, edit: true)
    let path = folder + "/kopi-senja.slip"
    let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    let text = "receipt paper=58mm\ntext \"saved\"\n"
    let response = service.respond(to: try Self.request("PUT", "/templates/kopi-senja.slip", text))
    #expect(response.status == 200)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    let after = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    #expect(before != after, "a new file renamed over the old one")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
        "kopi-senja.json", "kopi-senja.slip",
      ])
    let read = service.respond(to: try Self.request("GET", "/templates/kopi-senja.slip"))
    #expect(Self.text(read) == text)
    // A new template in the folder is fine too.
    #expect(service.respond(to: try Self.request("PUT", "/templates/new.slip", text)).status == 200)
  }

  @Test func savingOutsideTheFolderIsRefused() throws {
    let (folder, outside) = try Self.scratch()
    let service = try Self.service(folder: folder, edit: true)
    try FileManager.default.createSymbolicLink(atPath: folder + "/out", withDestinationPath: outside)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link.slip", withDestinationPath: outside + "/target.slip")
    let refused: [(String, Int)] = [
      ("/templates/out/x.slip", 400), ("/templates/link.slip", 403), ("/templates/run.sh", 400),
      ("/templates/missing/x.slip", 404), ("/templates/.hidden.slip", 400),
    ]
    for (path, status) in refused {
      let response = service.respond(to: try Self.request("PUT", path, "receipt\n"))
      #expect(response.status == status, "\(path): \(Self.text(response))")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    // Nor is a file out there read through the link.
    try "secret".write(toFile: outside + "/x.slip", atomically: false, encoding: .utf8)
    if case .success = RequestPath.parse("/templates/../x.slip") { Issue.record("'..' was taken") }
    #expect(service.respond(to: try Self.request("GET", "/templates/out/x.slip")).status == 400)
  }

  @Test func readOnlyRefusesSaving() throws {
    let folder = try Self.scratch().folder
    let service = try Self.service(folder: folder, edit: false)
    let response = service.respond(to: try Self.request("PUT", "/templates/kopi-senja.slip", "receipt\n"))
    #expect(response.status == 403)
    #expect(Self.text(response).contains("editTemplates"))
    #expect(
      try String(contentsOfFile: folder + "/kopi-senja.slip", encoding: .utf8).hasPrefix("# templates/"))
    #expect(service.respond(to: try Self.request("GET", "/templates/kopi-senja.slip")).status == 200)
  }

  @Test func editTemplatesIsAConfigurationKey() throws {
    let good = #"{"templates": "templates", "printers": {}, "editTemplates": true}"#
    let configuration = try ServeConfiguration.parse(
      Array(good.utf8), file: "slip-serve.json", folder: Repository.root.path)
    #expect(configuration.editTemplates)
    #expect(
      ConfigurationTests.errors(#"{"templates": "templates", "printers": {}, "editTemplates": "yes"}"#) == [
        "slip-serve.json:1:61: error: 'editTemplates' must be true or false, not a string [E1004]"
      ])
  }

  @Test func renderAddsTheListingTextAndPaper() throws {
    let service = try Self.service(folder: try Self.scratch().folder, edit: false)
    let body =
      #"{"template": "kopi-senja.slip", "data": \#(try ServiceTests.kopiData), "listing": true, "printer": "generic-80"}"#
    let answer = try ServiceTests.json(service.respond(to: try Self.request("POST", "/render", body)))
    #expect((answer["listing"] as? String)?.hasPrefix("ESC @") == true)
    #expect((answer["text"] as? String)?.contains("Kopi Senja") == true)
    let paper = try #require(answer["paper"] as? [String: Any])
    #expect(paper["millimetres"] as? Double == 80 && paper["dots"] as? Int == 576)
    // Jobs take no 'listing'.
    let job = service.respond(
      to: try Self.request("POST", "/jobs", #"{"source": "receipt", "listing": true}"#))
    #expect(job.status != 202)
  }

  @Test func aDesignSessionServesOneTemplateOnLoopback() throws {
    let folder = try Self.scratch().folder
    let session = try DesignSession(
      template: folder + "/kopi-senja.slip", data: folder + "/kopi-senja.json", sourceDateEpoch: nil,
      log: .silent)
    defer { session.stop() }
    #expect(session.url.hasPrefix("http://127.0.0.1:") && session.url.hasSuffix("/"))
    #expect(session.running.server.address.isLoopback && session.running.server.address.port != 0)
    let service = session.running.service
    #expect(service.configuration.editTemplates)
    #expect(service.designer.template == "kopi-senja.slip" && service.designer.dataName == "kopi-senja.json")
    #expect(service.templates.root == URL(fileURLWithPath: folder).resolvingSymlinksInPath().path)
    #expect(throws: DesignSession.StartError.self) {
      try DesignSession(template: folder + "/missing.slip", data: nil, sourceDateEpoch: nil, log: .silent)
    }
  }
}
