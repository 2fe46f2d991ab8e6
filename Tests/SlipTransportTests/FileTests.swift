import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `slip send --to file:PATH`: plain files hold exactly one job, devices are written with
/// timeouts, a serial port (a pseudo-terminal here) is drained, and every failure says how far
/// the job got.
@Suite(.timeLimit(.minutes(5)))
struct FileTests {
  static func temporary(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("slip-file-\(UUID())-\(name)").path
  }

  static func send(_ bytes: [UInt8], to path: String, _ options: [String] = []) throws -> CLIRun.Outcome {
    let job = try BLESendTests.file(bytes)
    defer { try? FileManager.default.removeItem(atPath: job) }
    return try CLIRun.slip(["send", job, "--to", "file:\(path)", "--timeout", "2"] + options)
  }

  @Test func aPlainFileIsTruncatedAndHoldsExactlyTheJob() throws {
    let path = Self.temporary("job.bin")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(repeating: 0xAA, count: 1_000_000).write(to: URL(fileURLWithPath: path))
    let bytes = BLESendTests.job(5000)
    let outcome = try Self.send(bytes, to: path)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
    #expect(
      outcome.stderr.hasPrefix("wrote 5000 bytes to '\(path)'; all synced to storage in "),
      "\(outcome.stderr)")
  }

  @Test func aMissingFileIsCreated() throws {
    let path = Self.temporary("new.bin")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let bytes = BLESendTests.job(300)
    let outcome = try Self.send(bytes, to: path, ["--quiet"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stderr.isEmpty)
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
  }

  @Test func aFullDeviceExits74WithTheCounts() throws {
    let outcome = try Self.send(BLESendTests.job(5000), to: "/dev/full")
    #expect(outcome.status == 74)
    #expect(
      outcome.stderr == """
        slip: error: writing to '/dev/full' failed: No space left on device
          0 of 5000 bytes confirmed by the printer, 0 more queued but not confirmed, 5000 not sent
          exit 74: nothing was sent

        """, "\(outcome.stderr)")
  }

  @Test func aMissingDeviceExits69() throws {
    let outcome = try Self.send([1, 2, 3], to: "/dev/usb/lp-slip-none")
    #expect(outcome.status == 69)
    #expect(
      outcome.stderr.contains(
        "cannot open '/dev/usb/lp-slip-none': no such device: is the printer connected and switched on?"),
      "\(outcome.stderr)")
  }

  @Test func aDirectoryExits69() throws {
    let outcome = try Self.send([1, 2, 3], to: FileManager.default.temporaryDirectory.path)
    #expect(outcome.status == 69)
    #expect(outcome.stderr.contains("it is a directory"), "\(outcome.stderr)")
  }

  @Test func aPipeWithoutAReaderExits69() throws {
    let path = Self.temporary("fifo")
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    let outcome = try Self.send([1, 2, 3], to: path)
    #expect(outcome.status == 69)
    #expect(outcome.stderr.contains("no program reads this pipe"), "\(outcome.stderr)")
  }

  @Test func aDeviceConfirmsNothingButTakesEveryByte() throws {
    // A pipe with a slow reader stands in for a device that takes bytes at its own pace.
    let path = Self.temporary("fifo")
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    let reader = Reader(path: path, delay: 200)
    let bytes = BLESendTests.job(300_000)
    let outcome = try Self.send(bytes, to: path)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(reader.finish() == bytes)
    #expect(
      outcome.stderr.contains("; handed to the device driver, which confirms nothing in "),
      "\(outcome.stderr)")
  }

  @Test func aReaderThatGoesAwayMidJobIs74NotASignal() throws {
    let path = Self.temporary("fifo")
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    // Open for reading before slip opens for writing (non-blocking: no writer yet), then read
    // a little and go.
    let fd = open(path, O_RDONLY | O_NONBLOCK)
    #expect(fd >= 0)
    Thread {
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, 10_000)
      var chunk = [UInt8](repeating: 0, count: 1000)
      _ = read(fd, &chunk, chunk.count)
      close(fd)
    }
    .start()
    let outcome = try Self.send(BLESendTests.job(1_000_000), to: path)
    #expect(outcome.status == 74, "\(outcome.stderr)")
    #expect(outcome.stderr.contains("writing to '\(path)' failed: Broken pipe"), "\(outcome.stderr)")
  }

  @Test func aSerialPortIsDrained() throws {
    // posix_openpt and friends do not import; their ioctls do (TIOCSPTLCK, TIOCGPTN: Linux's
    // values, as the macros that build them do not import either).
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    #expect(master >= 0)
    defer { close(master) }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    #expect(ioctl(master, 0x4004_5431, &unlock) == 0 && ioctl(master, 0x8004_5430, &number) == 0)
    let slave = "/dev/pts/\(number)"
    // Raw mode on the terminal, so bytes pass unchanged (no CR/LF translation, no echo).
    let fd = open(slave, O_RDWR | O_NOCTTY)
    var settings = termios()
    tcgetattr(fd, &settings)
    cfmakeraw(&settings)
    tcsetattr(fd, TCSANOW, &settings)
    let reader = Reader(fd: master, expected: 20_000)
    let bytes = BLESendTests.job(20_000)
    let outcome = try Self.send(bytes, to: slave)
    close(fd)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(reader.finish() == bytes)
    #expect(outcome.stderr.contains("; all drained from the serial port in "), "\(outcome.stderr)")
  }

  @Test func checkStatusNeedsAPrinterThatAnswers() throws {
    let outcome = try Self.send([1], to: "/dev/null", ["--check-status"])
    #expect(outcome.status == 64)
    #expect(
      outcome.stderr.contains("'--check-status' needs a printer that can answer: ble:, spp: or tcp:"),
      "\(outcome.stderr)")
  }

  /// Reads a pipe or terminal on its own thread, slowly if asked, until end of file (or
  /// `expected` bytes: a terminal's master sees no end of file).
  final class Reader: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    init(path: String, delay: UInt32 = 0) {
      Thread { [self] in
        let fd = open(path, O_RDONLY)
        read(fd, expected: .max, delay: delay)
        close(fd)
      }
      .start()
    }

    init(fd: Int32, expected: Int) {
      Thread { [self] in read(fd, expected: expected, delay: 0) }.start()
    }

    private func read(_ fd: Int32, expected: Int, delay: UInt32) {
      var chunk = [UInt8](repeating: 0, count: 4096)
      while bytes.count < expected {
        let count = Glibc.read(fd, &chunk, chunk.count)
        guard count > 0 else { break }
        bytes += chunk[0..<count]
        if delay > 0 { usleep(delay) }
      }
      done.signal()
    }

    /// What was read, once the reader stopped (at most 10 s).
    func finish() -> [UInt8] {
      _ = done.wait(timeout: .now() + 10)
      return bytes
    }
  }
}
