import CLibDeflate
import SlipCore
import SlipESCPOS
import SlipIR
import SlipImages
import SlipKit
import SlipPNG
import SlipRecords
import SlipZPL
import SlipZlib

// libFuzzer targets for everything that reads untrusted bytes. Built by `make fuzz` with
// -sanitize=fuzzer and FUZZING defined, libFuzzer drives `LLVMFuzzerTestOneInput`; built
// normally, this is a replay tool: `SlipFuzz TARGET FILE...` runs saved inputs (crashes found
// by fuzzing become regression cases), and `SlipFuzz --seeds profile DIR` writes seeds that
// exist only in code (the built-in printer profiles as JSON).

/// One fuzz target: what it does with an input.
enum FuzzTarget: String, CaseIterable {
  /// Template text through lexer, parser and checker.
  case template
  /// A fixed template rendered with the input as JSON data.
  case data
  /// A picture file (PNG, or a PGM) decoded as the CLI decodes `image` files, and a PNG decoded
  /// both by the direct decoder and by libpng, which must agree.
  case png
  /// A batch data file read record by record, both as CSV and as JSON Lines.
  case records
  /// Printer bytes listed by `slip disasm`: the ESC/POS disassembler and the ZPL listing.
  case disasm
  /// A printer profile's JSON loaded, and when it loads, a receipt written for that printer.
  case profile
  /// Template and data from one input (split at the first NUL byte) through the whole pipeline
  /// as SlipKit runs it: check, evaluation, layout and every backend (ESC/POS in text and raster
  /// mode, ZPL, plain text, the IR) with the preview raster.
  case pipeline

  func run(_ bytes: [UInt8]) {
    switch self {
    case .template:
      _ = Compiler().check(SourceFile(path: "fuzz.slip", bytes: bytes))
    case .data:
      _ = FuzzTarget.compiled?.render(json: SourceFile(path: "fuzz.json", bytes: bytes))
    case .png:
      _ = try? ImageFileDecoder().decode(bytes, name: "fuzz.png")
      // The decoder that skips libpng for the common PNG must be only faster: libpng's pixels,
      // or a failure where libpng fails.
      // Mutations nearly always break a chunk's CRC, which both refuse at once: the same bytes
      // with every CRC made right reach the chunks, the inflating and the row filters.
      for input in [bytes, FuzzTarget.withCRCsFixed(bytes)] {
        let direct = try? PNGDecoder().decode(input, direct: true)
        let libpng = try? PNGDecoder().decode(input, direct: false)
        if direct != libpng { fatalError("the direct PNG decoder and libpng disagree") }
      }
    case .records:
      // Also with records of at most 64 bytes, so inputs of a few KiB reach the record limit.
      for limit in [RecordReader.maximumRecordSize, 64] {
        FuzzTarget.readAll(bytes, as: .csv, maximumRecordSize: limit)
        FuzzTarget.readAll(bytes, as: .jsonLines, maximumRecordSize: limit)
      }
    case .disasm:
      _ = ESCPOSDisassembler().listing(bytes)
      _ = ZPLListing(compressor: ZlibCompressor()).listing(bytes)
    case .profile:
      guard let profile = try? PrinterProfile(json: bytes, source: "fuzz.json") else { return }
      _ = try? ESCPOSWriter(profile: profile).emit(FuzzTarget.receipt)
    case .pipeline:
      FuzzTarget.renderEverywhere(bytes)
    }
  }

  /// The renderer of the pipeline target, with a fixed clock so a finding replays alike.
  static let renderer = Renderer(options: RenderOptions(now: ExactDecimal(1_764_511_509)))

  /// The template before the first NUL byte, the JSON data after it (none without a NUL), rendered
  /// to every target; previews with the ESC/POS raster and the ZPL renders, which draw them anyway.
  static func renderEverywhere(_ bytes: [UInt8]) {
    let split = bytes.firstIndex(of: 0)
    let template = TemplateSource(
      SourceFile(path: "fuzz.slip", bytes: Array(bytes[..<(split ?? bytes.endIndex)])))
    let data = split.map { SourceFile(path: "fuzz.json", bytes: Array(bytes[($0 + 1)...])) }
    guard let compiled = renderer.prepare(template).template else { return }
    let result =
      data.map { compiled.render(json: $0, options: renderer.options) }
      ?? compiled.render(JSONObject(), options: renderer.options)
    guard result.document != nil else { return }
    let targets: [(Target, PreviewOptions?)] = [
      (.text, nil), (.ir, nil), (.escpos(mode: .text), nil), (.escpos(mode: .raster), PreviewOptions()),
      (.zpl(), PreviewOptions()),
    ]
    for (target, previews) in targets {
      _ = renderer.write(result, target: target, previews: previews)
    }
  }

  /// `bytes` as a PNG whose chunks' CRCs are all right: each chunk's CRC-32 (of its name and
  /// data) written after it, as far as the chunks go.
  static func withCRCsFixed(_ bytes: [UInt8]) -> [UInt8] {
    var fixed = bytes
    var offset = 8
    while offset + 12 <= fixed.count {
      let length = fixed[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let end = offset + 8 + length
      guard end + 4 <= fixed.count else { break }
      let crc = fixed.withUnsafeBufferPointer {
        libdeflate_crc32(0, $0.baseAddress! + offset + 4, 4 + length)
      }
      for shift in 0..<4 { fixed[end + shift] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * shift)) }
      offset = end + 4
    }
    return fixed
  }

  /// Reads every record of `bytes`, carrying on after bad ones as the CLI does. Each read
  /// consumes input, so more reads than bytes means the reader stopped moving: a hang, made a crash.
  static func readAll(_ bytes: [UInt8], as format: RecordFormat, maximumRecordSize: Int) {
    var reader = RecordReader(ByteInput(bytes: bytes), format: format, maximumRecordSize: maximumRecordSize)
    for _ in 0...bytes.count + 1 {
      do throws(RecordProblem) {
        guard try reader.next() != nil else { return }
      } catch {
        continue
      }
    }
    fatalError("the \(format.rawValue) reader returns records without reading")
  }

  /// A receipt with text in several scripts, styles, a rule, a feed, a drawer kick and a cut,
  /// for the profile target to write on whatever printer the input describes.
  static let receipt: Document = {
    let template = """
      receipt paper=58mm
      text "Kopi Senja" align=center scale=2 bold
      text "Café · Ünïcode · Привет · €5" underline
      rule
      row "Kopi Susu x2" | "Rp 36.000"
      feed 2
      drawer
      cut
      """
    guard let document = Compiler().compile(SourceFile(path: "fuzz.slip", text: template), data: nil).document
    else { fatalError("the profile target's receipt does not compile") }
    return document
  }()

  /// A template that reaches every kind of expression, loop and filter, for the data target.
  static let compiled = Compiler().prepare(
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
  let activeTarget: FuzzTarget = {
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
      if arguments.first == "--seeds", arguments.count == 3 {
        writeSeeds(for: arguments[arguments.startIndex + 1], to: arguments[arguments.startIndex + 2])
        return
      }
      let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
      guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
        let usage = "usage: SlipFuzz \(names) FILE...\n       SlipFuzz --seeds profile DIR\n"
        FileHandle.standardError.write(Data(usage.utf8))
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

    /// Seeds only code has: each built-in printer profile as the JSON `slip printers --json` writes.
    static func writeSeeds(for target: String, to directory: String) {
      guard target == "profile" else {
        FileHandle.standardError.write(Data("only the profile target has seeds in code\n".utf8))
        exit(64)
      }
      for profile in PrinterProfile.builtIn {
        let path = directory + "/builtin-" + profile.id + ".json"
        guard FileManager.default.createFile(atPath: path, contents: Data(profile.json.utf8)) else {
          FileHandle.standardError.write(Data("cannot write \(path)\n".utf8))
          exit(74)
        }
      }
    }
  }
#endif
