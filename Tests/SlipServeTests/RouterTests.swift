import Testing

@testable import SlipServe

@Suite struct RouterTests {
  /// A request for `method` and `path` as the server would hand it over.
  static func request(_ method: String, _ path: String, body: String = "") throws -> HTTPRequest {
    let (decoded, segments) = try RequestPath.parse(path).get()
    return HTTPRequest(
      head: HTTPRequestHead(method: method, path: decoded, segments: segments), body: Array(body.utf8))
  }

  static var router: Router {
    var router = Router()
    router.add("GET", "/jobs") { _, _ in .error(200, "list") }
    router.add("GET", "/jobs/:id") { _, parameters in .error(200, "job \(parameters["id"] ?? "?")") }
    router.add("DELETE", "/jobs/:id") { _, parameters in .error(200, "cancel \(parameters["id"] ?? "?")") }
    router.add("GET", "/jobs/:id/events") { _, parameters in .error(200, "events \(parameters["id"] ?? "?")")
    }
    router.add("GET", "/assets/*rest") { _, parameters in .error(200, "asset \(parameters["rest"] ?? "?")") }
    router.add("GET", "/") { _, _ in .error(200, "home") }
    return router
  }

  static func answer(_ method: String, _ path: String) throws -> (Int, String) {
    let response = router.respond(to: try request(method, path))
    return (response.status, String(decoding: response.bytes ?? [], as: UTF8.self))
  }

  @Test func patternsBindTheirNames() throws {
    #expect(try Self.answer("GET", "/jobs/42").1.contains("job 42"))
    #expect(try Self.answer("DELETE", "/jobs/42").1.contains("cancel 42"))
    #expect(try Self.answer("GET", "/jobs/7/events").1.contains("events 7"))
    #expect(try Self.answer("GET", "/assets/css/site.css").1.contains("asset css/site.css"))
    #expect(try Self.answer("GET", "/").1.contains("home"))
    // A trailing slash names the same resource.
    #expect(try Self.answer("GET", "/jobs/").1.contains("list"))
    // HEAD is answered as GET.
    #expect(try Self.answer("HEAD", "/jobs").0 == 200)
  }

  @Test func anUnknownPathIs404() throws {
    let (status, body) = try Self.answer("GET", "/nothing/here")
    #expect(status == 404)
    #expect(body.contains("no such resource '/nothing/here'"))
    #expect(try Self.answer("GET", "/jobs/1/events/more").0 == 404)
    #expect(try Self.answer("GET", "/jobs//events").0 == 404)
    #expect(try Self.answer("GET", "/assets").0 == 404)
  }

  @Test func anotherMethodIs405WithAllow() throws {
    let response = Self.router.respond(to: try Self.request("PUT", "/jobs/3"))
    #expect(response.status == 405)
    #expect(response.header("Allow") == "GET, DELETE")
  }
}

@Suite struct RequestPathTests {
  @Test func escapesAreDecodedIntoSegments() throws {
    let (path, segments) = try RequestPath.parse("/jobs/a%20b").get()
    #expect(path == "/jobs/a b")
    #expect(segments == ["jobs", "a b"])
  }

  @Test(arguments: [
    "/a/%2Fetc", "/a%2fb", "/a/%5C", "/a/../b", "/a/./b", "/..", "/a/%2e%2e/b", "/a/%2E%2E", "relative",
    "/a%00b", "/a%ffb", "/a\\b",
  ])
  func hostilePathsAreRefused(_ raw: String) {
    #expect(throws: RequestPath.Refusal.self) { try RequestPath.parse(raw).get() }
  }

  @Test func queryArgumentsTakePlusAsSpace() {
    #expect(RequestPath.unescape("a+b%21", plusIsSpace: true) == "a b!")
    #expect(RequestPath.unescape("a+b", plusIsSpace: false) == "a+b")
    #expect(RequestPath.unescape("%00", plusIsSpace: true) == nil)
  }
}

@Suite struct ListenAddressTests {
  @Test func addressesParse() throws {
    let standard = try ListenAddress("127.0.0.1:8631")
    #expect(standard == .standard && standard.isLoopback)
    let six = try ListenAddress("[::1]:0")
    #expect(six.isIPv6 && six.isLoopback && six.port == 0 && six.description == "[::1]:0")
    #expect(try ListenAddress("localhost:80").host == "127.0.0.1")
    #expect(try !ListenAddress("0.0.0.0:8631").isLoopback)
    #expect(try !ListenAddress("192.168.1.5:8631").isLoopback)
  }

  @Test(arguments: [
    "8631", "127.0.0.1", "127.0.0.1:70000", "example.com:80", "::1:80", "[127.0.0.1]:80", "1.2.3:80",
  ])
  func badAddressesAreRefused(_ text: String) {
    #expect(throws: ListenAddressError.self) { try ListenAddress(text) }
  }
}

@Suite struct StaticAssetsTests {
  static let assets = StaticAssets(files: [
    "index.html": Array("<h1>designer</h1>".utf8), "app/editor.js": Array("let a = 1".utf8), "blob": [1, 2],
  ])

  @Test func assetsAreServedBesideTheAPI() throws {
    var router = Router()
    router.add("GET", "/printers") { _, _ in .error(200, "printers") }
    Self.assets.addRoutes(to: &router)
    let index = router.respond(to: try RouterTests.request("GET", "/"))
    #expect(index.status == 200 && index.header("Content-Type") == "text/html; charset=utf-8")
    #expect(index.bytes == Array("<h1>designer</h1>".utf8))
    let script = router.respond(to: try RouterTests.request("GET", "/app/editor.js"))
    #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
    #expect(
      router.respond(to: try RouterTests.request("GET", "/blob")).header("Content-Type")
        == "application/octet-stream")
    // The API's own path wins; a path no asset has is 404.
    #expect(
      router.respond(to: try RouterTests.request("GET", "/printers")).bytes.map {
        String(decoding: $0, as: UTF8.self)
      }?.contains("printers") == true)
    #expect(router.respond(to: try RouterTests.request("GET", "/app/missing.js")).status == 404)
  }

  @Test func noAssetsAddNoRoutes() throws {
    var router = Router()
    StaticAssets.none.addRoutes(to: &router)
    #expect(router.respond(to: try RouterTests.request("GET", "/")).status == 404)
    #expect(router.respond(to: try RouterTests.request("POST", "/x")).status == 404)
  }
}
