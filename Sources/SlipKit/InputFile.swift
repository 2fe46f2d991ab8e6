import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reading a file whole, as every input but a file of records is read: with a size limit, and a
/// failure that names the file and why as a value.
public enum InputFile {
  /// The most bytes read whole from one file (templates, data documents, profiles, printer
  /// bytes): 64 MiB. Files of records are read a record at a time and may be longer.
  public static let maximumSize = 64 << 20

  /// The bytes of `path`; `what` names the file in a failure (`template`, `data file`). A file
  /// larger than ``maximumSize`` is refused before it is read.
  public static func read(_ path: String, what: String) throws(InputError) -> [UInt8] {
    // open(2) and read(2), not FileManager: its attributes dictionary and `as?` casts cost a
    // short `slip render` a tenth of its start (docs/PERFORMANCE.md).
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw InputError(.missing, "\(what) '\(path)' does not exist")
    }
    guard status.st_mode & S_IFMT != S_IFDIR else {
      throw InputError(.missing, "\(what) '\(path)' is a directory, not a file")
    }
    guard Int(status.st_size) <= maximumSize else { throw tooLarge("\(what) '\(path)'", what: what) }
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { throw InputError(.missing, "cannot read \(what) '\(path)'") }
    defer { close(file) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(status.st_size) + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw InputError(.missing, "cannot read \(what) '\(path)'")
      }
      bytes += chunk[..<count]
      // A pipe or device has no size to check first.
      guard bytes.count <= maximumSize else { throw tooLarge("\(what) '\(path)'", what: what) }
    }
    return bytes
  }

  /// Standard input read to its end, refused once it passes ``maximumSize``; `what` names it in
  /// the failure (`template on standard input`).
  public static func readStandardInput(what: String) throws(InputError) -> [UInt8] {
    var bytes: [UInt8] = []
    while case let chunk = FileHandle.standardInput.readData(ofLength: 1 << 16), !chunk.isEmpty {
      bytes += chunk
      guard bytes.count <= maximumSize else { throw tooLarge("\(what) on standard input", what: what) }
    }
    return bytes
  }

  /// The failure for an input over ``maximumSize``; data files get a hint at records.
  public static func tooLarge(_ named: String, what: String) -> InputError {
    let hint =
      what == "data file" ? "; for many records use JSON Lines (.jsonl) or CSV, read a record at a time" : ""
    return InputError(
      .invalid, "\(named) is larger than \(maximumSize >> 20) MiB, the most Slip reads whole\(hint)")
  }
}

/// An input that cannot be used: a file that is missing or unreadable, a printer profile that is
/// malformed or unknown. The message names the input and says why.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Why the input cannot be used; decides how a command exits.
  public enum Reason: Sendable, Equatable {
    /// The file does not exist, is a folder, or cannot be read.
    case missing
    /// The file was read but its content is wrong (too large, a malformed profile).
    case invalid
    /// A name that means nothing: an unknown printer ID.
    case unknown
    /// A setting from the environment that cannot be used (`SOURCE_DATE_EPOCH`).
    case setting
  }

  /// Why.
  public var reason: Reason
  /// What is wrong: lower-case, no final period; may hold further lines of help.
  public var message: String

  /// An error for `reason` saying `message`.
  public init(_ reason: Reason, _ message: String) {
    self.reason = reason
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
