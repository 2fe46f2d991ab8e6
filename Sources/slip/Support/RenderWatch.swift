import Foundation
import SlipKit

/// `slip render … --watch`: renders, then waits for a file the rendering read to change and
/// renders again, until Ctrl-C (exit 0).
///
/// Each rendering reads its includes and images through a ``RecordingLoader``, and the files
/// watched next are exactly the ones it read (or looked for): adding an include starts watching
/// it. A rendering with errors prints them, writes nothing, and so leaves the last good files
/// as they were (files are replaced whole, by rename, so a viewer never sees half a PNG).
struct RenderWatch {
  /// The render command, validated for watching.
  let command: RenderCommand
  /// Renders each time; its glyphs stay drawn between renderings.
  let renderer: Renderer

  /// Renders until interrupted; a failure to render is printed and waited out, unless the very
  /// first rendering cannot even start (a missing file, an unknown printer).
  func run() throws(CommandFailure) -> ExitCode {
    let watcher: InterruptibleWatcher
    do throws(InputError) {
      watcher = try InterruptibleWatcher()
    } catch {
      throw CommandFailure(message: error.message, code: .ioError)
    }
    let clock = ContinuousClock()
    // The files this command writes: never watched, or a template showing its own preview
    // ('image "out.png"') would render forever.
    var ours = Set(
      [command.preview, command.output].compactMap { $0 }.filter { $0 != "-" }.map(Self.absolute))
    // Watched before the first rendering, so a save while it runs is not missed.
    watcher.watch(watchedFiles(nil).filter { !ours.contains($0) })
    var first = true
    while true {
      defer { first = false }
      let loader = RecordingLoader(TemplateSource.loader(forTemplateAt: command.template, root: command.root))
      let start = clock.now
      let outcome: String
      do throws(CommandFailure) {
        let (code, written) = try command.render(with: renderer, loader: loader)
        ours.formUnion(written.map(Self.absolute))
        let milliseconds = Int(((clock.now - start) / .milliseconds(1)).rounded())
        outcome =
          code == .ok
          ? "rendered in \(milliseconds) ms → \(written.joined(separator: ", "))"
          : "not rendered; the last good files are kept"
      } catch {
        // A file missing from the start (a typo) or a bad option ends the command rather than
        // waiting forever; one deleted while watching is waited for.
        if first { throw error }
        Console.error("slip: error: \(error.message)\n")
        outcome = "not rendered; the last good files are kept"
      }
      // Told only once the files it read are watched: whoever saves next is seen.
      watcher.watch(watchedFiles(loader).filter { !ours.contains($0) })
      Console.out(outcome + "\n")
      if watcher.next() == .woken {
        return .ok
      }
    }
  }

  /// The template, the data, a profile file and whatever the last rendering loaded, as absolute paths.
  private func watchedFiles(_ loader: RecordingLoader?) -> [String] {
    var files = [command.template]
    if let data = command.data { files.append(data) }
    if let printer = command.printer, printer.contains("/") || printer.hasSuffix(".json") {
      files.append(printer)
    }
    return files.map(Self.absolute) + (loader?.paths ?? [])
  }

  private static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }
}
