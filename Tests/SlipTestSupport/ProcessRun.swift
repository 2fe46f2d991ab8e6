import Foundation

/// A finished process: its exit status and what it wrote.
public struct ProcessRun: Sendable {
  /// The exit status.
  public var status: Int32
  /// Standard output's bytes.
  public var output: [UInt8]
  /// Standard error, as text.
  public var stderr: String

  /// Standard output, as text.
  public var stdout: String { String(decoding: output, as: UTF8.self) }

  /// Runs `executable` with `arguments` in `directory` (the repository by default), `input` on
  /// standard input and `environment` added to this process's; waits for it to end.
  public static func run(
    _ executable: URL, _ arguments: [String], input: [UInt8]? = nil, environment: [String: String] = [:],
    in directory: URL = Repository.root
  ) throws -> ProcessRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    let stdin = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(Data(input)) }
    try stdin.fileHandleForWriting.close()
    // Standard error is read on its own thread, so a process that fills it cannot block.
    let errors = ErrorReader(err.fileHandleForReading)
    let output = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessRun(status: process.terminationStatus, output: Array(output), stderr: errors.text())
  }
}

/// Reads a pipe to its end on a thread of its own.
private final class ErrorReader: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func text() -> String {
    done.wait()
    return String(decoding: data, as: UTF8.self)
  }
}
