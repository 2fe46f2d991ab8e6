import SlipCore
import SlipESCPOS
import SlipIR
import SlipText
import SlipZPL

// slip.wasm: `slip check` and `slip render` over the portable modules, as a WASI command
// (scripts/build-wasm). What needs a C library is not here: no pictures, no barcodes or QR codes
// (no symbol encoder), no raster engine (ESC/POS text mode only; characters no code page has
// print as '?'), ZPL graphics as plain `^GFA` hex (no zlib), label text measured approximately.
// On the templates that need none of these its output is the native command's, byte for byte
// (scripts/wasm-check); its messages and exit codes are the native ones.

/// The entry point wasi-libc's `crt1-command.o` calls with the WASI arguments (Embedded Swift
/// has no `CommandLine`).
@_cdecl("__main_argc_argv")
func slipMain(_ count: Int32, _ values: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  var arguments: [String] = []
  for index in 1..<max(1, Int(count)) {
    if let value = values[index] { arguments.append(String(cString: value)) }
  }
  return WasmCommand.run(arguments)
}

/// The exit codes, as the native command's (sysexits style).
enum ExitCode: Int32 {
  case ok = 0
  case templateErrors = 1
  case usage = 64
  case badData = 65
  case missingInput = 66

  /// A rendering's code, by its errors' IDs, as `slip` decides it.
  static func forDiagnostics(_ diagnostics: [Diagnostic]) -> ExitCode {
    worst(
      diagnostics.filter { $0.severity == .error }.map { error in
        switch error.id {
        case "E0001": .missingInput
        case let id where id.hasPrefix("E04"): .badData
        case let id where id.hasPrefix("E06") || id.hasPrefix("E09"): .usage
        default: .templateErrors
        }
      })
  }

  /// The most serious of several outcomes.
  static func worst(_ codes: [ExitCode]) -> ExitCode {
    let rank: [ExitCode] = [.usage, .missingInput, .templateErrors, .badData, .ok]
    return rank.first { codes.contains($0) } ?? .ok
  }
}

/// A command line that cannot run, or an input that cannot be read: a message and a code.
struct Failure: Error {
  var message: String
  var code: ExitCode
  /// The subcommand whose help a usage error points at.
  var command: String? = nil
}

/// The two subcommands, parsed and run.
enum WasmCommand {
  static let usage = """
    USAGE: slip check TEMPLATE [--data FILE] [--format text|json] [--max-items N]
           slip render TEMPLATE [--data FILE] [--target escpos|zpl|text|ir] [--format text|json]
                       [--max-items N]

    slip.wasm: Slip's compiler and writers in WebAssembly, reading files in the folders the
    runtime preopens (wasmkit run --dir DIR slip.wasm ...). No pictures, barcodes or raster.

    """

  /// Runs `arguments` and returns the exit code.
  static func run(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first else {
      WASI.error(usage)
      return ExitCode.usage.rawValue
    }
    do throws(Failure) {
      switch command {
      case "check": return try check(Options(Array(arguments.dropFirst()), command: "check")).rawValue
      case "render": return try render(Options(Array(arguments.dropFirst()), command: "render")).rawValue
      case "-h", "--help", "help":
        WASI.out(usage)
        return ExitCode.ok.rawValue
      default:
        throw Failure(message: "unknown command '\(command)'", code: .usage, command: "")
      }
    } catch {
      if let command = error.command {
        let help = command.isEmpty ? "slip --help" : "slip \(command) --help"
        WASI.error("slip: error: \(error.message)\nsee '\(help)'\n")
      } else {
        WASI.error("slip: error: \(error.message)\n")
      }
      return error.code.rawValue
    }
  }

  /// `slip check`: every problem in the template (and with `--data`, in rendering it).
  static func check(_ options: Options) throws(Failure) -> ExitCode {
    let dataFile = try options.data.map { path throws(Failure) in
      SourceFile(path: path, bytes: try read(path, "data file"))
    }
    let renderOptions = try options.renderOptions()
    let bytes: [UInt8]
    do throws(Failure) {
      bytes = try read(options.template, "template")
    } catch {
      guard options.json else { throw error }
      let entries = DiagnosticJSON().encodeEntries(
        [Diagnostic(DiagnosticMessage(id: "E0001", .error, error.message), at: nil)], sources: SourceFiles())
      WASI.out(DiagnosticJSON().wrap(entries))
      return error.code
    }
    let compiler = compiler(for: options.template)
    let file = SourceFile(path: options.template, bytes: bytes)
    let result: Compiler.Result
    if let dataFile {
      let preparation = compiler.prepare(file)
      if let compiled = preparation.template {
        result = compiled.render(json: dataFile, options: renderOptions)
      } else {
        result = Compiler.Result(
          document: nil, diagnostics: preparation.diagnostics, sources: preparation.sources)
      }
    } else {
      result = compiler.check(file)
    }
    if options.json {
      WASI.out(
        DiagnosticJSON().wrap(DiagnosticJSON().encodeEntries(result.diagnostics, sources: result.sources)))
    } else {
      printText(result.diagnostics, sources: result.sources)
    }
    return ExitCode.forDiagnostics(result.diagnostics)
  }

  /// `slip render`: the template with its data as the target's bytes, on standard output.
  static func render(_ options: Options) throws(Failure) -> ExitCode {
    let renderOptions = try options.renderOptions()
    let file = SourceFile(path: options.template, bytes: try read(options.template, "template"))
    let dataFile = try options.data.map { path throws(Failure) in
      SourceFile(path: path, bytes: try read(path, "data file"))
    }
    let preparation = compiler(for: options.template).prepare(file)
    guard let compiled = preparation.template else {
      print(preparation.diagnostics, sources: preparation.sources, json: options.json)
      return ExitCode.forDiagnostics(preparation.diagnostics)
    }
    let result =
      dataFile.map { compiled.render(json: $0, options: renderOptions) }
      ?? compiled.render(JSONObject(), options: renderOptions)
    var diagnostics = result.diagnostics
    var bytes: [UInt8] = []
    if let document = result.document {
      if document.page != nil, options.target == "escpos" {
        // The native command sends a label to a receipt printer as a picture of itself.
        throw Failure(
          message: "slip.wasm cannot draw a label as a picture for a receipt printer; use '--target zpl'",
          code: .usage)
      }
      do throws(BackendError) {
        bytes = try write(
          document, target: options.target, diagnostics: &diagnostics, sources: result.sources)
      } catch {
        diagnostics.append(diagnostic(error, sources: result.sources))
      }
    }
    print(diagnostics, sources: result.sources, json: options.json)
    guard !diagnostics.contains(where: { $0.severity == .error }) else {
      return ExitCode.forDiagnostics(diagnostics)
    }
    WASI.out(bytes)
    return .ok
  }

  /// The bytes of `document` as `target` (nil: ZPL for labels, ESC/POS for receipts).
  static func write(
    _ document: Document, target: String?, diagnostics: inout [Diagnostic], sources: SourceFiles
  ) throws(BackendError) -> [UInt8] {
    switch target ?? (document.page == nil ? "escpos" : "zpl") {
    case "ir":
      return Array(document.dump().utf8)
    case "text":
      return Array(PlainTextWriter().write(document).utf8)
    case "zpl":
      let output = ZPLWriter().emit(document)
      merge(
        output.warnings.map { warning(($0.id, $0.message, $0.source), sources: sources) }, into: &diagnostics)
      return output.bytes
    default:
      let output = try ESCPOSWriter(profile: .generic(forPaper: document.media.paper)).emit(document)
      merge(
        output.warnings.map { warning(($0.id, $0.message, $0.source), sources: sources) }, into: &diagnostics)
      return output.bytes
    }
  }

  /// Appends the diagnostics of `more` not already in `diagnostics` (the same ID at the same
  /// place), as the native renderer merges a writer's warnings.
  static func merge(_ more: [Diagnostic], into diagnostics: inout [Diagnostic]) {
    for diagnostic in more
    where !diagnostics.contains(where: { $0.id == diagnostic.id && $0.range == diagnostic.range }) {
      diagnostics.append(diagnostic)
    }
  }

  /// The compiler, reading includes from the template's folder; nothing else is injected.
  static func compiler(for template: String) -> Compiler {
    Compiler(loader: WASIFileLoader(root: TemplatePath.directory(of: template)))
  }

  /// The file at `path`, or the native command's failure for it.
  static func read(_ path: String, _ what: String) throws(Failure) -> [UInt8] {
    do throws(WASI.ReadFailure) {
      return try WASI.read(path)
    } catch {
      switch error {
      case .missing: throw Failure(message: "\(what) '\(path)' does not exist", code: .missingInput)
      case .unreadable: throw Failure(message: "cannot read \(what) '\(path)'", code: .missingInput)
      case .tooLarge:
        throw Failure(
          message:
            "\(what) '\(path)' is larger than \(WASI.maximumSize >> 20) MiB, the most Slip reads whole",
          code: .badData)
      }
    }
  }

  /// Diagnostics on standard error: compiler text, or JSON Lines.
  static func print(_ diagnostics: [Diagnostic], sources: SourceFiles, json: Bool) {
    guard json else { return printText(diagnostics, sources: sources) }
    for entry in DiagnosticJSON().encodeEntries(diagnostics, sources: sources) { WASI.error(entry + "\n") }
  }

  /// Diagnostics as compiler text on standard error, with the native summary line.
  static func printText(_ diagnostics: [Diagnostic], sources: SourceFiles) {
    guard !diagnostics.isEmpty else { return }
    WASI.error(DiagnosticFormatter().format(diagnostics, sources: sources))
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.filter { $0.severity == .warning }.count
    if errors + warnings > 1 {
      WASI.error("\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n")
    }
  }

  /// A writer's warning as a diagnostic at the template text it concerns.
  static func warning(_ warning: (id: String, message: String, source: SourceSpan?), sources: SourceFiles)
    -> Diagnostic
  {
    Diagnostic(
      DiagnosticMessage(id: warning.id, .warning, warning.message), at: range(warning.source, sources))
  }

  /// A writer's error as a diagnostic, with its help.
  static func diagnostic(_ error: BackendError, sources: SourceFiles) -> Diagnostic {
    Diagnostic(
      DiagnosticMessage(id: error.id, .error, error.message), at: range(error.source, sources),
      help: error.help.map { [$0] } ?? [])
  }

  /// The byte range of a span in the compilation's files.
  static func range(_ span: SourceSpan?, _ sources: SourceFiles) -> SourceRange? {
    guard let span, span.file < sources.files.count else { return nil }
    let file = sources[span.file]
    return SourceRange(
      file: span.file, start: file.offset(line: span.line, column: span.column),
      end: file.offset(line: span.endLine, column: span.endColumn))
  }
}

/// The options both subcommands take.
struct Options {
  var template = ""
  var data: String?
  var target: String?
  var json = false
  var maximumItems: Int?

  /// Reads `arguments` (the words after the subcommand).
  init(_ arguments: [String], command: String) throws(Failure) {
    var positionals: [String] = []
    var index = 0
    func value(_ name: String) throws(Failure) -> String {
      index += 1
      guard index < arguments.count else {
        throw Failure(message: "missing value for '\(name)'", code: .usage, command: command)
      }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--data": data = try value(argument)
      case "--target" where command == "render":
        let chosen = try value(argument)
        guard ["escpos", "zpl", "text", "ir"].contains(chosen) else {
          throw Failure(
            message: "invalid value '\(chosen)' for '--target'; expected escpos, zpl, text, ir",
            code: .usage,
            command: command)
        }
        target = chosen
      case "--format":
        let chosen = try value(argument)
        guard chosen == "text" || chosen == "json" else {
          throw Failure(
            message: "invalid value '\(chosen)' for '--format'; expected text, json", code: .usage,
            command: command)
        }
        json = chosen == "json"
      case "--max-items":
        let text = try value(argument)
        guard let limit = Int(text), (1...100_000_000).contains(limit) else {
          throw Failure(
            message: "invalid value '\(text)' for '--max-items'; expected 1 to 100000000", code: .usage,
            command: command)
        }
        maximumItems = limit
      case let option where option.hasPrefix("-") && option != "-":
        throw Failure(message: "unknown option '\(option)'", code: .usage, command: command)
      default: positionals.append(argument)
      }
      index += 1
    }
    guard positionals.count == 1 else {
      throw Failure(
        message: positionals.isEmpty
          ? (command == "check" ? "missing the templates to check" : "missing the template to render")
          : "slip.wasm takes one template",
        code: .usage, command: command)
    }
    template = positionals[0]
  }

  /// The clock (`SOURCE_DATE_EPOCH` when set, as the native command reads it) and the limit.
  func renderOptions() throws(Failure) -> RenderOptions {
    let limit = maximumItems ?? RenderOptions().maximumItems
    guard let epoch = WASI.environment("SOURCE_DATE_EPOCH") else {
      return RenderOptions(now: ExactDecimal(Int(WASI.now())), maximumItems: limit)
    }
    guard let seconds = ExactDecimal(epoch), seconds.isInteger else {
      throw Failure(
        message: "SOURCE_DATE_EPOCH must be whole seconds since 1970, not '\(epoch)'", code: .usage)
    }
    return RenderOptions(now: seconds, maximumItems: limit)
  }
}
