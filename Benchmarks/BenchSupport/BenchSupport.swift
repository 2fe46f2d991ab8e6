import Foundation

// What every benchmark executable shares: the command line, the clock, medians and the output
// format scripts/bench reads. One copy, so the three benchmarks time the same way.

/// The arguments every benchmark takes: `ROOT [COUNT] [MORE…]`.
public struct BenchArguments: Sendable {
  /// The repository's root, where `templates/` is.
  public let root: URL
  /// Iterations per timed run of the default size (each benchmark scales it for bigger work).
  public let count: Int
  /// Whatever follows the count (pictures, for RasterBench).
  public let rest: [String]

  /// Reads `CommandLine.arguments`, with `defaultCount` when the count is missing.
  public init(defaultCount: Int) {
    let arguments = CommandLine.arguments.dropFirst()
    root = URL(fileURLWithPath: arguments.first ?? ".")
    count = arguments.dropFirst().first.flatMap { Int($0) } ?? defaultCount
    rest = Array(arguments.dropFirst(2))
  }

  /// The file at `path` under the root, as bytes.
  public func read(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: root.appendingPathComponent(path)))
  }
}

/// Timed runs of one piece of work, and their median.
public enum Bench {
  /// Timed runs per case: the median of five is what each case reports.
  public static let runs = 5

  /// Only this case's group, for profiling (`SLIP_BENCH_ONLY=kopi-senja`), or nil for all.
  public static let only = ProcessInfo.processInfo.environment["SLIP_BENCH_ONLY"]

  /// This process's CPU time in microseconds: on a shared machine, wall-clock time would measure
  /// the neighbours too.
  public static func cpuMicroseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
  }

  /// The median of `runs` timed runs of `count` calls of `body`, in CPU microseconds per call.
  ///
  /// `body` returns a number derived from its result (a byte count), summed into a value the
  /// optimiser cannot prove unused, so the work is never optimised away.
  public static func measure(_ count: Int, _ body: () throws -> Int) rethrows -> Double {
    var samples: [Double] = []
    var sink = 0
    for _ in 0..<runs {
      let start = cpuMicroseconds()
      for _ in 0..<count { sink &+= try body() }
      samples.append((cpuMicroseconds() - start) / Double(max(count, 1)))
    }
    if sink == 42 { print("", terminator: "") }
    return median(samples)
  }

  /// The CPU microseconds of copying `bytes` bytes with `memcpy` into a buffer that already has
  /// room (median of five runs of `count`): the floor of any render that makes that many bytes,
  /// reported beside it so the distance to the physical limit shows.
  public static func copyFloor(bytes: Int, count: Int) -> Double {
    let source = [UInt8](repeating: 0x41, count: max(bytes, 1))
    var target = [UInt8](repeating: 0, count: max(bytes, 1))
    return measure(count) {
      source.withUnsafeBytes { from in
        target.withUnsafeMutableBytes { to in
          _ = memcpy(to.baseAddress!, from.baseAddress!, bytes)
        }
      }
      return Int(target[bytes / 2])
    }
  }

  /// The middle value (the mean of the two middle ones for an even count).
  public static func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// One result line, `name<TAB>microseconds per call<TAB>detail`, as scripts/bench reads it.
  public static func report(_ name: String, _ microseconds: Double, _ detail: Int) {
    print("\(name)\t\(microseconds)\t\(detail)")
  }
}
