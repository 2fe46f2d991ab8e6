import Foundation
import SlipCore
import SlipESCPOS
import SlipKit
import SlipSupport

extension SlipService {
  /// A rendering the service made, or why it made none: a request it cannot take (4xx with a
  /// JSON error) or a template or data with errors (422 with the diagnostics).
  enum Outcome {
    case rendered(Rendering)
    case refused(HTTPResponse)
  }

  /// `POST /render`: 200 `{"target", "bytes": BASE64, "preview": [BASE64 PNG…], "diagnostics"}`
  /// (`preview` only when asked), 422 `{"diagnostics"}` when the template or data has errors.
  func render(_ request: HTTPRequest) -> HTTPResponse {
    let parsed: RenderRequest
    do throws(RenderRequest.Refusal) {
      parsed = try RenderRequest(body: request.body, extra: ["listing"])
    } catch {
      return .error(400, error.message)
    }
    switch rendering(parsed) {
    case .refused(let response):
      return response
    case .rendered(let rendering):
      var members: [(String, JSONReply)] = [
        ("target", .string(rendering.target?.name)),
        ("bytes", .string(Data(rendering.bytes).base64EncodedString())),
      ]
      if parsed.preview {
        members.append(
          ("preview", .array(rendering.previews.map { .string(Data($0.png).base64EncodedString()) })))
      }
      if parsed.listing { members += readable(rendering, printer: try? profile(parsed.printer)) }
      members.append(("diagnostics", diagnostics(rendering)))
      return .json(200, .object(members))
    }
  }

  /// Renders what `request` asks, as `slip render` would with the same template, data, target
  /// and printer.
  func rendering(_ request: RenderRequest) -> Outcome {
    let template: TemplateSource
    switch request.template {
    case .named(let name):
      do throws(TemplateFolder.Refusal) {
        template = try templates.template(named: name)
      } catch {
        return .refused(.error(error.status, error.message))
      }
    case .source(let text):
      template = templates.template(text: text)
    }
    let profile: PrinterProfile?
    do throws(Refused) {
      profile = try self.profile(request.printer)
    } catch {
      return .refused(error.response)
    }
    var renderer = self.renderer
    do throws(InputError) {
      // Each rendering's clock is its own moment (or the fixed epoch).
      renderer.options = try .current(sourceDateEpoch: sourceDateEpoch)
    } catch {
      return .refused(.error(500, error.message))
    }
    let preparation = renderer.prepare(template)
    guard let compiled = preparation.template else {
      let failed = Rendering(
        document: nil, target: nil, bytes: [], previews: [], diagnostics: preparation.diagnostics,
        sources: preparation.sources)
      return .refused(.json(422, .object([("diagnostics", diagnostics(failed))])))
    }
    let mode: PrintMode = request.raster ? .raster : .text
    let target: Target =
      switch request.target ?? (compiled.isLabel ? "zpl" : "escpos") {
      case "zpl": .zpl()
      case "text": .text
      case "ir": .ir
      default: .escpos(profile, mode: mode)
      }
    let data: TemplateData = request.data.map { .json($0) } ?? .none
    let previews = request.preview ? PreviewOptions(printer: profile, mode: mode) : nil
    let rendering = renderer.render(compiled, data: data, target: target, previews: previews)
    guard !rendering.hasErrors else {
      return .refused(.json(422, .object([("diagnostics", diagnostics(rendering))])))
    }
    return .rendered(rendering)
  }

  /// The profile `name` means: a configured printer's, or a built-in one; nil for no name.
  func profile(_ name: String?) throws(Refused) -> PrinterProfile? {
    guard let name else { return nil }
    if let printer = configuration.printer(name) { return printer.profile }
    if let builtIn = PrinterProfile.builtIn(id: name) { return builtIn }
    let names = configuration.printers.map(\.id) + PrinterProfile.builtIn.map(\.id)
    let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
    throw Refused(
      .error(
        400,
        "unknown printer '\(name)'\(hint): name a configured printer (GET /printers) or a built-in profile"))
  }

  /// The rendering's diagnostics as the `--format json` objects.
  func diagnostics(_ rendering: Rendering) -> JSONReply {
    .array(
      DiagnosticJSON().encodeEntries(rendering.diagnostics, sources: rendering.sources).map { .encoded($0) })
  }
}

/// A request the service will not take, as the response that says why.
struct Refused: Error {
  var response: HTTPResponse

  init(_ response: HTTPResponse) { self.response = response }
}
