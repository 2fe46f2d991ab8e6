import Foundation
import SlipCore
import SlipESCPOS
import SlipKit
import SlipSupport
import SlipTransport

/// Reads `slip-serve.json` field by field, collecting every mistake as a diagnostic at its
/// place rather than stopping at the first.
struct ConfigurationReader {
  let source: SourceFile
  let folder: String
  private(set) var diagnostics: [Diagnostic] = []

  init(source: SourceFile, folder: String) {
    self.source = source
    self.folder = folder
  }

  /// The configuration, or nil when the file is not a JSON object (the diagnostics say why;
  /// they may also hold mistakes in a configuration that came back).
  mutating func read() -> ServeConfiguration? {
    let root: LocatedJSON
    do throws(JSONError) {
      root = try LocatedJSON.read(source.bytes)
    } catch {
      report(.notJSON(error.message), at: error.offset, length: 1)
      return nil
    }
    guard let members = object(root, field: nil) else { return nil }
    check(members, known: ["templates", "printers", "retries", "limits", "editTemplates"], prefix: "")

    var templates = ""
    if let value = required("templates", in: members, root: root, object: "the configuration"),
      let path = string(value, field: "templates")
    {
      templates = folderPath(path, value: value)
    }
    var printers: [ServedPrinter] = []
    if let value = required("printers", in: members, root: root, object: "the configuration"),
      let entries = object(value, field: "printers")
    {
      printers = entries.compactMap { printer($0.key, keyOffset: $0.keyOffset, value: $0.value) }
    }
    var retries = 3
    if let value = root["retries"], let number = integer(value, field: "retries", in: 0...100) {
      retries = number
    }
    var editTemplates = false
    if let value = root["editTemplates"], let flag = bool(value, field: "editTemplates") {
      editTemplates = flag
    }
    var limits = HTTPLimits()
    if let value = root["limits"], let entries = object(value, field: "limits") {
      check(entries, known: ["bodyBytes", "headerBytes", "connections", "timeoutSeconds"], prefix: "limits.")
      if let number = value["bodyBytes"].flatMap({ integer($0, field: "limits.bodyBytes", in: 1...(1 << 30)) }
      ) {
        limits.bodyBytes = number
      }
      if let number = value["headerBytes"].flatMap({
        integer($0, field: "limits.headerBytes", in: 4096...(1 << 20))
      }) {
        limits.headerBytes = number
      }
      if let number = value["connections"].flatMap({ integer($0, field: "limits.connections", in: 1...10000) }
      ) {
        limits.connections = number
      }
      if let number = value["timeoutSeconds"].flatMap({
        integer($0, field: "limits.timeoutSeconds", in: 1...3600)
      }) {
        limits.timeoutSeconds = number
      }
    }
    return ServeConfiguration(
      file: source.path, templates: templates, printers: printers, retries: retries, limits: limits,
      editTemplates: editTemplates)
  }

  // MARK: Fields

  /// One entry of `printers`.
  private mutating func printer(_ id: String, keyOffset: Int, value: LocatedJSON) -> ServedPrinter? {
    let valid =
      (1...64).contains(id.utf8.count)
      && id.utf8.allSatisfy {
        (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F
      }
    if !valid { report(.badPrinterID(id), at: keyOffset) }
    let field = "printers.\(id)"
    guard let members = object(value, field: field) else { return nil }
    check(members, known: ["to", "printer"], prefix: field + ".")
    guard let toValue = required("to", in: members, root: value, object: "printer '\(id)'"),
      var to = string(toValue, field: field + ".to")
    else { return nil }
    if to.hasPrefix("file:"), !to.dropFirst(5).hasPrefix("/"), to.count > 5 {
      to =
        "file:"
        + URL(fileURLWithPath: String(to.dropFirst(5)), relativeTo: folderURL).standardizedFileURL.path
    }
    let destination: Destination
    do throws(DestinationError) {
      destination = try Destination(to)
    } catch {
      report(.badDestination("'\(field).to': \(error.message)"), at: toValue.offset)
      return nil
    }
    var profileName: String?
    var profile: PrinterProfile?
    if let profileValue = value["printer"], let name = string(profileValue, field: field + ".printer") {
      profileName = name
      let resolved =
        PrinterChoice.isFile(name) && !name.hasPrefix("/")
        ? URL(fileURLWithPath: name, relativeTo: folderURL).standardizedFileURL.path : name
      do throws(InputError) {
        profile = try PrinterChoice.profile(resolved)
      } catch {
        // The first line says it; the list of built-in printers follows as help.
        let lines = error.message.split(separator: "\n", maxSplits: 1).map(String.init)
        report(
          .badProfile("'\(field).printer': \(lines[0])"), at: profileValue.offset,
          help: lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) })
      }
    }
    guard valid else { return nil }
    return ServedPrinter(id: id, to: to, destination: destination, profileName: profileName, profile: profile)
  }

  private var folderURL: URL { URL(fileURLWithPath: folder.isEmpty ? "." : folder, isDirectory: true) }

  /// `path` relative to the configuration's folder, absolute and resolved; reported when it is
  /// no folder.
  private mutating func folderPath(_ path: String, value: LocatedJSON) -> String {
    let url = URL(fileURLWithPath: path, relativeTo: folderURL).standardizedFileURL.resolvingSymlinksInPath()
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) || !isDirectory.boolValue
    {
      report(.configPathMissing("templates folder", path), at: value.offset)
    }
    return url.path
  }

  // MARK: Values

  /// An object's members, reporting a duplicate key; nil (reported) when `value` is no object.
  private mutating func object(_ value: LocatedJSON, field: String?)
    -> [(key: String, keyOffset: Int, value: LocatedJSON)]?
  {
    guard case .object(let members) = value.kind else {
      if let field {
        report(.wrongType(field, expected: "an object", found: value.what), at: value.offset)
      } else {
        report(.rootNotObject(value.what), at: value.offset)
      }
      return nil
    }
    var seen: Set<String> = []
    for member in members where !seen.insert(member.key).inserted {
      report(.duplicateField((field.map { $0 + "." } ?? "") + member.key), at: member.keyOffset)
    }
    return members
  }

  /// Reports every member not in `known`, with the closest known name.
  private mutating func check(
    _ members: [(key: String, keyOffset: Int, value: LocatedJSON)], known: [String], prefix: String
  ) {
    for member in members where !known.contains(member.key) {
      report(
        .unknownField(prefix + member.key, suggestion: Suggestion.closest(to: member.key, in: known)),
        at: member.keyOffset)
    }
  }

  /// The member `key`, reported at the object's opening brace when it is missing.
  private mutating func required(
    _ key: String, in members: [(key: String, keyOffset: Int, value: LocatedJSON)], root: LocatedJSON,
    object: String
  ) -> LocatedJSON? {
    if let value = members.first(where: { $0.key == key })?.value { return value }
    report(.missingField(key, in: object), at: root.offset, length: 1)
    return nil
  }

  private mutating func string(_ value: LocatedJSON, field: String) -> String? {
    guard case .string(let text) = value.kind, !text.isEmpty else {
      report(.wrongType(field, expected: "a non-empty string", found: value.what), at: value.offset)
      return nil
    }
    return text
  }

  private mutating func bool(_ value: LocatedJSON, field: String) -> Bool? {
    guard case .bool(let flag) = value.kind else {
      report(.wrongType(field, expected: "true or false", found: value.what), at: value.offset)
      return nil
    }
    return flag
  }

  private mutating func integer(_ value: LocatedJSON, field: String, in range: ClosedRange<Int>) -> Int? {
    guard case .number(let text) = value.kind else {
      report(.wrongType(field, expected: "a whole number", found: value.what), at: value.offset)
      return nil
    }
    guard let number = Int(text), range.contains(number) else {
      report(.outOfRange(field, range), at: value.offset)
      return nil
    }
    return number
  }

  /// A diagnostic at `offset`, spanning the value there (or `length` bytes).
  private mutating func report(
    _ message: DiagnosticMessage, at offset: Int, length: Int? = nil, help: [String] = []
  ) {
    let end = length.map { offset + $0 } ?? LocatedJSON.end(of: offset, in: source.bytes)
    diagnostics.append(Diagnostic(message, at: SourceRange(file: 0, start: offset, end: end), help: help))
  }
}
