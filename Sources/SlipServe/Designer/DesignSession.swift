import Foundation
import SlipCore
import SlipKit

/// `slip design FILE.slip`: the service on a free loopback port for one template, its folder
/// the templates folder (editable), its job queue in a temporary folder removed at the end.
public final class DesignSession: Sendable {
  /// The service.
  public let running: RunningService
  /// The page's address: `http://127.0.0.1:PORT/`.
  public let url: String
  private let state: String

  /// Why the session cannot start: a template or data file missing or unreadable, or the
  /// service's own reasons.
  public struct StartError: Error, Sendable {
    /// What is wrong.
    public var message: String
    /// Whether a file named on the command line is missing (rather than the machine failing).
    public var isMissingFile: Bool
  }

  /// Serves the template at `template` (its folder is what the page may read and save), with
  /// the data file at `data` when given; every rendering's clock is `sourceDateEpoch` when set
  /// (by default the environment's `SOURCE_DATE_EPOCH`, as `slip render` reads it).
  public init(
    template: String, data: String?,
    sourceDateEpoch: String? = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], log: ServiceLog
  ) throws(StartError) {
    let url = URL(fileURLWithPath: template).standardizedFileURL.resolvingSymlinksInPath()
    guard FileManager.default.isReadableFile(atPath: url.path) else {
      throw StartError(message: "cannot read the template '\(template)'", isMissingFile: true)
    }
    let folder = url.deletingLastPathComponent().path
    var setup = DesignerSetup(template: url.lastPathComponent)
    if let data {
      let dataURL = URL(fileURLWithPath: data).standardizedFileURL.resolvingSymlinksInPath()
      guard let bytes = FileManager.default.contents(atPath: dataURL.path) else {
        throw StartError(message: "cannot read the data '\(data)'", isMissingFile: true)
      }
      setup.dataText = String(decoding: bytes, as: UTF8.self)
      if dataURL.path.hasPrefix(folder + "/") {
        setup.dataName = String(dataURL.path.dropFirst(folder.count + 1))
      }
    }
    let configuration = ServeConfiguration(file: "", templates: folder, printers: [], editTemplates: true)
    let state = NSTemporaryDirectory() + "slip-design-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    self.state = state
    do throws(RunningService.StartError) {
      running = try RunningService(
        configuration: configuration, state: state,
        listen: ListenAddress(host: "127.0.0.1", port: 0, isIPv6: false),
        token: nil, sourceDateEpoch: sourceDateEpoch, log: log, designer: setup)
    } catch {
      try? FileManager.default.removeItem(atPath: state)
      throw StartError(message: error.message, isMissingFile: false)
    }
    self.url = "http://\(running.server.address)/"
  }

  /// Stops the service and removes its job queue.
  public func stop() {
    running.stop()
    try? FileManager.default.removeItem(atPath: state)
  }
}
