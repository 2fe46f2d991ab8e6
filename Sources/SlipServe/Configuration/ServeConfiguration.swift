import Foundation
import SlipCore
import SlipESCPOS
import SlipTransport

/// `slip-serve.json`: where the templates are, the printers the service owns, how often a job
/// that failed with nothing printed is tried again, and the HTTP limits.
///
/// ```json
/// {"templates": "templates", "printers": {"bar": {"to": "tcp:127.0.0.1:9100", "printer": "generic-58"}},
///  "retries": 3}
/// ```
/// Paths are relative to the file's folder. A mistake is a diagnostic at its place
/// (`slip-serve.json:3:14: error: … [E10xx]`), every mistake in one go, and the service does not
/// start.
public struct ServeConfiguration: Sendable {
  /// The configuration file, as named.
  public var file: String
  /// The templates folder, absolute with symbolic links resolved: requests name templates inside
  /// it, and includes never leave it.
  public var templates: String
  /// The printers, in the file's order.
  public var printers: [ServedPrinter]
  /// How many more times a job that failed with nothing confirmed is sent (3).
  public var retries: Int
  /// The HTTP limits.
  public var limits: HTTPLimits
  /// Whether the designer may write templates back into the folder (`PUT /templates/PATH`);
  /// false: it shows them read-only.
  public var editTemplates: Bool

  /// A configuration of these values (tests, apps that build one in code).
  public init(
    file: String, templates: String, printers: [ServedPrinter], retries: Int = 3,
    limits: HTTPLimits = HTTPLimits(), editTemplates: Bool = false
  ) {
    self.file = file
    self.templates = templates
    self.printers = printers
    self.retries = retries
    self.limits = limits
    self.editTemplates = editTemplates
  }

  /// The printer called `id`.
  public func printer(_ id: String) -> ServedPrinter? {
    printers.first { $0.id == id }
  }

  /// Reads the configuration file at `path`; every mistake is in the error, at its place.
  public static func load(_ path: String) throws(DiagnosticsError) -> ServeConfiguration {
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason =
        FileManager.default.fileExists(atPath: path)
        ? "cannot read the configuration '\(path)'" : "the configuration '\(path)' does not exist"
      throw DiagnosticsError(
        diagnostics: [Diagnostic(.configUnreadable(reason), at: nil)], sources: SourceFiles())
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    return try parse(Array(data), file: path, folder: folder)
  }

  /// The configuration in `bytes`, named `file` in diagnostics, its paths relative to `folder`.
  public static func parse(_ bytes: [UInt8], file: String, folder: String) throws(DiagnosticsError)
    -> ServeConfiguration
  {
    var reader = ConfigurationReader(source: SourceFile(path: file, bytes: bytes), folder: folder)
    let configuration = reader.read()
    guard let configuration, reader.diagnostics.isEmpty else {
      var sources = SourceFiles()
      _ = sources.add(reader.source)
      // In the file's order, as a reader goes through it.
      let ordered = reader.diagnostics.enumerated().sorted {
        ($0.element.range?.start ?? 0, $0.offset) < ($1.element.range?.start ?? 0, $1.offset)
      }
      throw DiagnosticsError(diagnostics: ordered.map(\.element), sources: sources)
    }
    return configuration
  }
}

/// A printer the service owns: its ID in requests, where its jobs go, and its profile.
public struct ServedPrinter: Sendable, Equatable {
  /// The ID requests name it by: `bar`, `kitchen-1`.
  public var id: String
  /// Where its jobs go, in `--to`'s form (a relative `file:` path made absolute).
  public var to: String
  /// The same, parsed.
  public var destination: Destination
  /// The profile's ID or file, as written; nil: the generic printer of each template's paper.
  public var profileName: String?
  /// The profile; nil as for ``profileName``.
  public var profile: PrinterProfile?

  /// A printer of these values.
  public init(
    id: String, to: String, destination: Destination, profileName: String?, profile: PrinterProfile?
  ) {
    self.id = id
    self.to = to
    self.destination = destination
    self.profileName = profileName
    self.profile = profile
  }
}
