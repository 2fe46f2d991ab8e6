import SlipCore
import SlipSupport

/// What `POST /render` and `POST /jobs` are asked, read from the JSON body:
/// `{"template": NAME | "source": TEXT, "data": {...} | "TEXT", "target": "escpos"|"zpl"|"text"|"ir",
/// "printer": ID, "preview": true, "raster": true}`.
public struct RenderRequest: Sendable {
  /// Where the template comes from.
  public enum Template: Sendable, Equatable {
    /// A path inside the templates folder.
    case named(String)
    /// The template's text itself.
    case source(String)
  }

  /// The template.
  public var template: Template
  /// The data: a JSON document whose diagnostics point into it; nil for none.
  public var data: SourceFile?
  /// `escpos`, `zpl`, `text`, `ir`; nil: ZPL for labels, ESC/POS for receipts.
  public var target: String?
  /// A configured printer's ID or a built-in profile's.
  public var printer: String?
  /// Whether to draw the preview pages.
  public var preview: Bool
  /// Whether the receipt prints as raster.
  public var raster: Bool
  /// A job's short description for listings (`POST /jobs` only).
  public var label: String?
  /// Whether to add the readable forms (`POST /render` only): the ESC/POS listing or the ZPL,
  /// the plain text, and the paper's geometry (the designer's panels).
  public var listing: Bool

  /// A request body that is not what the endpoint takes (400): what is wrong.
  public struct Refusal: Error, Sendable, Equatable {
    /// What is wrong, naming the field.
    public var message: String
  }

  /// The fields `POST /render` takes; `POST /jobs` takes the same.
  static let fields = ["template", "source", "data", "target", "printer", "preview", "raster"]

  /// Reads `body`; `extra` are further fields the endpoint allows (`label` for jobs).
  public init(body: [UInt8], extra: [String] = []) throws(Refusal) {
    let root: LocatedJSON
    do throws(JSONError) {
      // Deeper than the data reader's 512, so data too deep is its E0420 (422), not a 400 here.
      root = try LocatedJSON.read(body, maxDepth: 1024)
    } catch {
      throw Refusal(
        message:
          "the body is not JSON: \(error.message) at line \(error.location.line), column \(error.location.column)"
      )
    }
    guard case .object(let members) = root.kind else {
      throw Refusal(message: "the body must be a JSON object, not \(root.what)")
    }
    var seen: Set<String> = []
    for member in members {
      guard Self.fields.contains(member.key) || extra.contains(member.key) else {
        let hint =
          Suggestion.closest(to: member.key, in: Self.fields + extra).map { "; did you mean '\($0)'?" } ?? ""
        throw Refusal(message: "unknown field '\(member.key)'\(hint)")
      }
      guard seen.insert(member.key).inserted else { throw Refusal(message: "'\(member.key)' is given twice") }
    }
    switch (root["template"], root["source"]) {
    case (let name?, nil): template = .named(try Self.string(name, "template"))
    case (nil, let text?): template = .source(try Self.string(text, "source", allowEmpty: true))
    case (nil, nil):
      throw Refusal(message: "the body needs 'template' (a name in the templates folder) or 'source'")
    case (_?, _?): throw Refusal(message: "give 'template' or 'source', not both")
    }
    switch root["data"]?.kind {
    case nil, .null?:
      data = nil
    case .string(let text)?:
      // Data sent as text (a designer's editor): diagnostics point into that text.
      data = SourceFile(path: "data.json", text: text)
    case .object?:
      data = SourceFile(path: "data", bytes: Self.only(root["data"]!, in: body))
    default:
      throw Refusal(message: "'data' must be an object, or JSON text as a string, not \(root["data"]!.what)")
    }
    target = try root["target"].map { value throws(Refusal) in try Self.string(value, "target") }
    if let target, !["escpos", "zpl", "text", "ir"].contains(target) {
      let hint =
        Suggestion.closest(to: target, in: ["escpos", "zpl", "text", "ir"]).map { "; did you mean '\($0)'?" }
        ?? ""
      throw Refusal(message: "unknown target '\(target)'\(hint); the targets are escpos, zpl, text, ir")
    }
    printer = try root["printer"].map { value throws(Refusal) in try Self.string(value, "printer") }
    preview = try root["preview"].map { value throws(Refusal) in try Self.bool(value, "preview") } ?? false
    raster = try root["raster"].map { value throws(Refusal) in try Self.bool(value, "raster") } ?? false
    listing = try root["listing"].map { value throws(Refusal) in try Self.bool(value, "listing") } ?? false
    label = try root["label"].map { value throws(Refusal) in try Self.string(value, "label", allowEmpty: true)
    }
  }

  /// The body with everything but `value` blanked (newlines kept), so the data reader sees one
  /// document and its lines and columns are the body's.
  private static func only(_ value: LocatedJSON, in body: [UInt8]) -> [UInt8] {
    let end = LocatedJSON.end(of: value.offset, in: body)
    var bytes = body
    for index in bytes.indices
    where (index < value.offset || index >= end) && bytes[index] != UInt8(ascii: "\n") {
      bytes[index] = UInt8(ascii: " ")
    }
    return bytes
  }

  private static func string(_ value: LocatedJSON, _ field: String, allowEmpty: Bool = false) throws(Refusal)
    -> String
  {
    guard case .string(let text) = value.kind, allowEmpty || !text.isEmpty else {
      throw Refusal(message: "'\(field)' must be a non-empty string, not \(value.what)")
    }
    return text
  }

  private static func bool(_ value: LocatedJSON, _ field: String) throws(Refusal) -> Bool {
    guard case .bool(let flag) = value.kind else {
      throw Refusal(message: "'\(field)' must be true or false, not \(value.what)")
    }
    return flag
  }
}
