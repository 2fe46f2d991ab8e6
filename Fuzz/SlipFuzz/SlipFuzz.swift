import SlipCore
import SlipIR

// libFuzzer targets for the compiler. Built by `make fuzz` with -sanitize=fuzzer and FUZZING
// defined, libFuzzer drives `LLVMFuzzerTestOneInput`; built normally, this is a replay tool:
// `SlipFuzz TARGET FILE...` runs saved inputs (crashes found by fuzzing become regression cases).

/// One fuzz target: what it does with an input.
enum FuzzTarget: String, CaseIterable {
  /// Template text through lexer, parser and checker.
  case template
  /// A fixed template rendered with the input as JSON data.
  case data

  func run(_ bytes: [UInt8]) {
    switch self {
    case .template:
      _ = Compiler().check(SourceFile(path: "fuzz.slip", bytes: bytes))
    case .data:
      _ = FuzzTarget.compiled?.render(json: SourceFile(path: "fuzz.json", bytes: bytes))
    }
  }

  /// A template that reaches every kind of expression, loop and filter, for the data target.
  nonisolated(unsafe) static let compiled = Compiler().prepare(
    SourceFile(
      path: "fuzz.slip",
      text: """
        receipt paper=58mm
        set total = items | sum(qty * price)
        text "{{ shop.name | upper }} {{ shop.name | title | truncate(20) }}" align=center scale=2
        text "{{ when | date('EEEE, d MMMM yyyy HH:mm', 'id') | default('-') }}"
        table widths="* 4 12" align="left right right"
          for item in items
            row "{{ loop.index }}. {{ item.name }}" | "{{ item.qty }}" | "{{ item.qty * item.price | rupiah }}"
          end
        end
        if discount > 0 and not hidden
          row "Diskon" | "{{ -discount | currency('USD') }}"
        else if note
          text "{{ note | trim }}"
        end
        row "Total" | "{{ total / (count | default(1)) | number(2, 'id') }}" bold
        text "{{ items[0].name + ' / ' + items[-1]['name'] }} {{ items | count(qty > 1) }}"
        """)
  ).template
}

#if FUZZING
  import Glibc

  /// The target chosen with SLIP_FUZZ_TARGET (template by default).
  nonisolated(unsafe) let activeTarget: FuzzTarget = {
    guard let name = getenv("SLIP_FUZZ_TARGET").map({ String(cString: $0) }) else { return .template }
    return FuzzTarget(rawValue: name) ?? .template
  }()

  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    activeTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
  }

  /// libFuzzer's entry point for programs that have their own `main`.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
  ) -> CInt

  /// SwiftPM links an executable's entry point under the module's name: hand it to libFuzzer.
  @_cdecl("SlipFuzz_main")
  public func fuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> CInt {
    var count = argc
    var vector = argv
    return runFuzzerDriver(&count, &vector, fuzzOne)
  }
#else
  import Foundation

  /// Replays saved inputs through a target: `SlipFuzz template|data FILE...`.
  @main
  enum Replay {
    static func main() {
      let arguments = CommandLine.arguments.dropFirst()
      guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("usage: SlipFuzz template|data FILE...\n".utf8))
        exit(64)
      }
      for path in arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
          FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
          exit(66)
        }
        target.run(Array(data))
      }
    }
  }
#endif
