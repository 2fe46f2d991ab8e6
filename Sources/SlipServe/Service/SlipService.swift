import Foundation
import SlipCore
import SlipESCPOS
import SlipKit
import SlipQueue

/// The print service's HTTP side: the routes of `slip serve` over a configuration, SlipKit's
/// renderer, and bearer-token authentication when a token is set.
///
/// A value answering requests on any thread; ``start(listen:)`` puts it behind an
/// ``HTTPServer``. The routes are made once, in ``router``, so a later page (the designer)
/// adds its own beside them.
public struct SlipService: HTTPResponder {
  /// The configuration it serves.
  public let configuration: ServeConfiguration
  /// The templates named in requests.
  public let templates: TemplateFolder
  /// The token every request must bear (`Authorization: Bearer …`); nil: none needed (loopback).
  let token: [UInt8]?
  /// `SOURCE_DATE_EPOCH` when set: every rendering's clock, for reproducible bytes.
  let sourceDateEpoch: String?
  /// The log, one line per request.
  public let log: ServiceLog
  let renderer: Renderer
  /// The job queue the job routes use; nil: a service that only renders (no job routes).
  public let queue: JobQueue?
  /// Pages served beside the API (the designer), from memory.
  public let assets: StaticAssets
  /// What the designer page opens with.
  public let designer: DesignerSetup
  /// The event streams open now.
  let streams = OpenStreams()
  /// The routes.
  private(set) var router = Router()

  /// A service for `configuration`, its jobs in `queue`, serving `assets` beside the API,
  /// requiring `token` when given. A malformed `sourceDateEpoch` is refused here, once, rather
  /// than on every request.
  public init(
    configuration: ServeConfiguration, queue: JobQueue? = nil, assets: StaticAssets = .none,
    designer: DesignerSetup = DesignerSetup(), token: String? = nil,
    sourceDateEpoch: String? = nil, log: ServiceLog = ServiceLog()
  ) throws(InputError) {
    self.configuration = configuration
    self.queue = queue
    self.assets = assets
    self.designer = designer
    self.templates = TemplateFolder(root: configuration.templates)
    self.token = token.map { Array($0.utf8) }
    self.sourceDateEpoch = sourceDateEpoch
    self.log = log
    renderer = Renderer(options: try .current(sourceDateEpoch: sourceDateEpoch))
    router = makeRouter()
  }

  /// The service's routes.
  private func makeRouter() -> Router {
    var router = Router()
    router.add("GET", "/printers") { _, _ in printers() }
    router.add("POST", "/render") { request, _ in render(request) }
    if let queue { addJobRoutes(to: &router, queue: queue) }
    if !assets.files.isEmpty { addDesignerRoutes(to: &router) }
    // Last, so the API's paths win over the pages'.
    assets.addRoutes(to: &router)
    return router
  }

  /// Listens on `address` with the configuration's limits.
  public func start(listen address: ListenAddress) throws(ListenAddressError) -> HTTPServer {
    try HTTPServer(address: address, limits: configuration.limits, log: log, responder: self)
  }

  // MARK: HTTPResponder

  /// Refuses a request without the token (401) before its body is read.
  public func admit(_ head: HTTPRequestHead) -> HTTPResponse? {
    guard let token else { return nil }
    let sent = head.header("Authorization").map { Array($0.utf8) } ?? []
    let prefix = Array("Bearer ".utf8)
    guard sent.count == prefix.count + token.count, sent.starts(with: prefix),
      Self.constantTimeEqual(Array(sent[prefix.count...]), token)
    else {
      return .error(
        401, "this service needs 'Authorization: Bearer TOKEN' (the token of --token-file)",
        headers: [("WWW-Authenticate", "Bearer")])
    }
    return nil
  }

  /// The router's response.
  public func respond(to request: HTTPRequest) -> HTTPResponse {
    router.respond(to: request)
  }

  /// Whether `a` equals `b`, taking as long whatever their bytes: a token is not guessed a byte
  /// at a time from response times.
  static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }

  // MARK: GET /printers

  /// `{"printers": [{"id", "to", "printer", "status"}]}`, in the configuration's order; the
  /// status is the queue's last known one (`null` without a queue).
  func printers() -> HTTPResponse {
    let reports = queue?.printerReports() ?? []
    let list = configuration.printers.map { printer -> JSONReply in
      .object([
        ("id", .string(printer.id)), ("to", .string(printer.to)), ("printer", .string(printer.profileName)),
        ("status", reports.first { $0.id == printer.id }.map { .report($0) } ?? .null),
      ])
    }
    return .json(200, .object([("printers", .array(list))]))
  }
}
