import SlipESCPOS

extension SlipService {
  /// The designer's routes: what to open, the folder's files, and saving one.
  func addDesignerRoutes(to router: inout Router) {
    router.add("GET", "/designer") { _, _ in designerState() }
    router.add("GET", "/templates/*path") { _, parameters in readFile(parameters["path"] ?? "") }
    router.add("PUT", "/templates/*path") { request, parameters in
      saveFile(parameters["path"] ?? "", request.body)
    }
  }

  /// `GET /designer`: `{"edit", "template", "dataName", "dataText", "files", "printers",
  /// "bodyBytes"}`: whether saving is allowed, what to open, the folder's templates and data,
  /// the printers (configured ones first, then the built-in profiles) and the largest body a
  /// render may send.
  func designerState() -> HTTPResponse {
    let configured = configuration.printers.map { printer -> JSONReply in
      .object([
        ("id", .string(printer.id)), ("name", .string("\(printer.id) (\(printer.to))")),
        ("configured", .bool(true)),
      ])
    }
    let profiles = PrinterProfile.builtIn.map { profile -> JSONReply in
      .object([
        ("id", .string(profile.id)), ("name", .string("\(profile.name), \(profile.dots) dots")),
        ("configured", .bool(false)),
      ])
    }
    return .json(
      200,
      .object([
        ("edit", .bool(configuration.editTemplates)), ("template", .string(designer.template)),
        ("dataName", .string(designer.dataName)), ("dataText", .string(designer.dataText)),
        ("files", .array(templates.files().map { .string($0) })),
        ("printers", .array(configured + profiles)), ("bodyBytes", .int(configuration.limits.bodyBytes)),
      ]))
  }

  /// `GET /templates/PATH`: the file's text (a template, an include, sample data).
  func readFile(_ name: String) -> HTTPResponse {
    do throws(TemplateFolder.Refusal) {
      let bytes = try templates.file(named: name)
      return HTTPResponse(
        status: 200,
        headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
        body: .bytes(bytes))
    } catch {
      return .error(error.status, error.message)
    }
  }

  /// `PUT /templates/PATH`: writes the body as the file, atomically; 403 unless the
  /// configuration allows editing (`"editTemplates": true`, or `slip design`).
  func saveFile(_ name: String, _ body: [UInt8]) -> HTTPResponse {
    guard configuration.editTemplates else {
      return .error(
        403,
        "the templates folder is read-only here: set \"editTemplates\": true in the configuration to save")
    }
    do throws(TemplateFolder.Refusal) {
      try templates.save(body, as: name)
    } catch {
      return .error(error.status, error.message)
    }
    log.line("saved \(name), \(body.count) bytes")
    return .json(200, .object([("saved", .string(name)), ("bytes", .int(body.count))]))
  }
}
