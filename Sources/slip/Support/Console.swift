import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard streams and files: the only place the CLI touches the outside world.
enum Console {
  /// Writes `text` to standard output.
  static func out(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes `text` to standard error.
  static func error(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Whether standard error is a terminal that wants colour (`NO_COLOR` turns it off).
  static var colorsOnStandardError: Bool {
    isatty(2) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
  }

  /// Whether standard output is a terminal.
  static var standardOutputIsTerminal: Bool { isatty(1) == 1 }

  /// The most bytes read whole from one file (templates, data documents, profiles, printer
  /// bytes): 64 MiB. Files of records are read a record at a time and may be longer.
  static let maximumFileSize = 64 << 20

  /// The bytes of `path`, or of standard input for `-`; a failure names the file and why. A
  /// file larger than ``maximumFileSize`` is bad input (exit 65), found before it is read.
  static func read(_ path: String, what: String) throws(CommandFailure) -> [UInt8] {
    if path == "-" {
      var bytes: [UInt8] = []
      while case let chunk = FileHandle.standardInput.readData(ofLength: 1 << 16), !chunk.isEmpty {
        bytes += chunk
        guard bytes.count <= maximumFileSize else { throw tooLarge("\(what) on standard input", what: what) }
      }
      return bytes
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CommandFailure(message: "\(what) '\(path)' does not exist", code: .missingInput)
    }
    guard !isDirectory.boolValue else {
      throw CommandFailure(message: "\(what) '\(path)' is a directory, not a file", code: .missingInput)
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard size <= maximumFileSize else { throw tooLarge("\(what) '\(path)'", what: what) }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure(message: "cannot read \(what) '\(path)'", code: .missingInput)
    }
    return Array(data)
  }

  /// The failure for an input over ``maximumFileSize``; data files get a hint at records.
  private static func tooLarge(_ named: String, what: String) -> CommandFailure {
    let hint =
      what == "data file" ? "; for many records use JSON Lines (.jsonl) or CSV, read a record at a time" : ""
    return CommandFailure(
      message: "\(named) is larger than \(maximumFileSize >> 20) MiB, the most Slip reads whole\(hint)",
      code: .badData)
  }

  /// Writes `bytes` to `path` (standard output for `-`), replacing the file only once the
  /// whole output is written, so a failure never leaves half a receipt behind.
  static func write(_ bytes: [UInt8], to path: String) throws(CommandFailure) {
    if path == "-" {
      FileHandle.standardOutput.write(Data(bytes))
      return
    }
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw CommandFailure(message: "cannot write '\(path)': \(error.localizedDescription)", code: .ioError)
    }
  }
}
