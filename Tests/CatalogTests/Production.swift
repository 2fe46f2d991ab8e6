import SlipCore
import SlipESCPOS
import SlipIR
import SlipImages
import SlipKit
import SlipRaster
import SlipRecords
import SlipServe
import SlipSymbols
import SlipZPL

/// For every diagnostic ID, the smallest input that produces it, run through the real stage
/// (the compiler, a backend, the raster engine, the record reader): the IDs each produces.
enum Production {
  // MARK: Stages

  static func compiler(_ files: [String: String] = [:], data: [String: [UInt8]] = [:], decodes: Bool = true)
    -> Compiler
  {
    // Every compilation can read a small picture and one wider than any paper.
    let pictures = ["a.pgm": pgm(8, 8), "wide.pgm": pgm(500, 1)].merging(data) { $1 }
    return Compiler(
      loader: InMemoryLoader(files, data: pictures), imageDecoder: decodes ? ImageFileDecoder() : nil,
      symbolEncoder: ZintSymbolEncoder())
  }

  /// What `slip check` reports for `template`.
  static func check(_ template: String, files: [String: String] = [:], data: [String: [UInt8]] = [:])
    -> [String]
  {
    compiler(files, data: data).check(SourceFile(path: "t.slip", text: template)).diagnostics.map(\.id)
  }

  /// What checking reports with a compiler lacking a loader, picture decoder or symbol encoder.
  static func checkWithout(_ template: String) -> [String] {
    Compiler().check(SourceFile(path: "t.slip", text: template)).diagnostics.map(\.id)
  }

  /// What rendering `template` with the JSON `data` reports.
  static func render(_ template: String, _ data: String = "{}", options: RenderOptions = RenderOptions())
    -> [String]
  {
    result(template, data, options: options).diagnostics.map(\.id)
  }

  static func result(_ template: String, _ data: String = "{}", options: RenderOptions = RenderOptions())
    -> Compiler.Result
  {
    compiler().compile(
      SourceFile(path: "t.slip", text: template), data: SourceFile(path: "d.json", text: data),
      options: options)
  }

  static func document(_ template: String, _ data: String = "{}") -> Document? {
    result(template, data).document
  }

  /// The ESC/POS writer's warnings, or its error.
  static func escpos(
    _ template: String, _ data: String = "{}", profile: PrinterProfile = .generic58, mode: PrintMode = .text
  ) -> [String] {
    escpos(document(template, data), profile: profile, mode: mode)
  }

  static func escpos(
    _ document: Document?, profile: PrinterProfile = .generic58, mode: PrintMode = .text,
    rasterizer: Rasterizer? = Rasterizer()
  ) -> [String] {
    guard let document else { return ["no document"] }
    let writer = ESCPOSWriter(profile: profile, rasterizer: rasterizer, mode: mode)
    do throws(ESCPOSError) {
      return try writer.emit(document).warnings.map(\.id)
    } catch {
      return [error.id]
    }
  }

  /// The ZPL writer's warnings.
  static func zpl(_ template: String, _ data: String = "{}") -> [String] {
    guard let document = document(template, data) else { return ["no document"] }
    return ZPLWriter().emit(document).warnings.map(\.id)
  }

  /// The raster engine's warnings, or its error.
  static func raster(_ document: Document?, fonts: FontFiles = .debian) -> [String] {
    guard let document else { return ["no document"] }
    do throws(RasterError) {
      return try Rasterizer(fonts: fonts).render(document, on: .paper(of: document.media)).warnings.map(\.id)
    } catch {
      return [error.id]
    }
  }

  /// The problems of every record of `text`.
  static func records(_ text: String, _ format: RecordFormat, maximumRecordSize: Int = 1 << 20) -> [String] {
    var reader = RecordReader(
      ByteInput(bytes: Array(text.utf8)), format: format, maximumRecordSize: maximumRecordSize)
    var ids: [String] = []
    while true {
      do throws(RecordProblem) {
        guard try reader.next() != nil else { return ids }
      } catch {
        ids.append(error.id)
      }
    }
  }

  /// A stored ZPL format's error.
  static func storedFormat(_ name: String, _ samples: [Document?]) -> [String] {
    do throws(ZPLError) {
      _ = try ZPLStoredFormat(name: name, samples: samples.compactMap { $0 })
      return []
    } catch {
      return [error.id]
    }
  }

  /// A binary PGM picture, `width` by `height`, all black.
  static func pgm(_ width: Int, _ height: Int) -> [UInt8] {
    Array("P5\n\(width) \(height)\n255\n".utf8) + [UInt8](repeating: 0, count: width * height)
  }

  /// A hand-made receipt line holding `text` as is, for what only a backend sees.
  static func receiptLine(_ text: String) -> Document {
    let media = ReceiptMedia(
      paper: "58mm", widthDots: 384, dpi: 203, font: .a, columns: 32, alternateColumns: 42)
    let run = TextRun(column: 0, text: text, width: 1, style: .plain, source: nil)
    let line = TextLine(font: .a, scale: .normal, alignment: .left, columns: 32, runs: [run], source: nil)
    return Document(sources: ["t.slip"], media: media, blocks: [.text(line)])
  }

  static let label = "label width=4in height=1in\n"

  static func profile(_ change: (inout PrinterProfile) -> Void) -> PrinterProfile {
    var profile = PrinterProfile.generic58
    change(&profile)
    return profile
  }

  // MARK: The cases

  /// Each ID and what produces it.
  nonisolated(unsafe) static let cases: [String: () -> [String]] = [
    // Lexer.
    "E0101": { check("receipt\ntext \"a\" @") },
    "E0102": { check("receipt\ntext \"abc") },
    "E0103": { check("receipt\ntext \"a\\q\"") },
    "E0104": { check("receipt\ntext \"\\u{zz}\"") },
    "E0105": { check("receipt\ntext \"{{ a\"") },
    "E0106": { check("receipt\ntext " + String(repeating: "\"{{ ", count: 300)) },
    "E0107": { check("receipt\nset a = 1 ! 2") },
    "E0108": { check("receipt\ntext \"{{ a # b }}\"") },
    "E0109": {
      compiler().check(SourceFile(path: "t.slip", bytes: Array("receipt\ntext \"".utf8) + [0xFF, 0x22]))
        .diagnostics.map(\.id)
    },
    "E0110": { check("receipt\ntext \"{{ a \\ b }}\"") },
    "E0111": { check("receipt\n" + String(repeating: "# a comment line\n", count: 70_000)) },
    // Parser.
    "E0201": { check("receipt\nfrobnicate") },
    "E0202": { check("receipt\nset = 1") },
    "E0203": { check("receipt\nfor x in xs\ntext \"a\"") },
    "E0204": { check("receipt\nelse") },
    "E0205": { check("receipt\nend") },
    "E0206": { check("receipt\ntext \"a\" )") },
    "E0207": { check("receipt\nrow x") },
    "E0208": {
      check("receipt\n" + String(repeating: "if true\n", count: 70) + String(repeating: "end\n", count: 70))
    },
    "E0209": { check("receipt\ntext \"{{ 'a{{ b }}' }}\"") },
    "E0210": { check("receipt\ninclude \"{{ a }}.slip\"") },
    "E0211": {
      check(
        "receipt\nset a = " + String(repeating: "(", count: 120) + "1" + String(repeating: ")", count: 120))
    },
    "E0212": {
      // Arguments make the expression long without making it deep.
      check("receipt\nset a = 1 | default(1" + String(repeating: ", 1", count: 1_100) + ")")
    },
    "E0213": { check("receipt\nset a = 1 < 2 < 3") },
    "E0214": { check("receipt\nif a\nelse\nelse\nend") },
    // Checker.
    "E0301": { check("receipt\ntext \"a\" colour=red") },
    "E0302": { check("receipt\ntext \"{{ a | rupia }}\"") },
    "E0303": { check("receipt\ntext \"{{ a | upper(1) }}\"") },
    "E0304": { check("receipt\ntext \"a\" align=centre") },
    "E0305": { check("receipt\ntext \"a\" align") },
    "E0306": { check("receipt\ntext \"a\" bold bold") },
    "E0307": { check("text \"a\"") },
    "E0308": { check("receipt\nreceipt") },
    "E0309": { check("receipt\ntext \"{{ loop.index }}\"") },
    "E0310": { check("receipt\nrule \"ab\"") },
    "E0311": { check("receipt\ntext \"a\" bold=1") },
    "E0312": { check("receipt columns=40") },
    "E0313": { check("receipt\ntext \"a\" align=\"{{ a }}\"") },
    "E0314": { checkWithout("receipt\ninclude \"a.slip\"") },
    "E0315": { check("receipt\ninclude \"a.slip\"", files: ["a.slip": "include \"a.slip\""]) },
    "E0316": { check("receipt\ntable widths=\"* 4\"\nrow \"a\"\nend") },
    "E0317": { check("receipt\ntable widths=\"* 4\"\ntext \"a\"\nend") },
    "E0318": { check("receipt\ninclude \"a.slip\"", files: ["a.slip": "receipt\ntext \"a\""]) },
    "E0319": {
      var files: [String: String] = [:]
      for level in 0..<40 { files["f\(level).slip"] = "include \"f\(level + 1).slip\"" }
      files["f40.slip"] = "text \"a\""
      return check("receipt\ninclude \"f0.slip\"", files: files)
    },
    "E0320": { check("receipt\ntable widths=\"* 4\"\ntable widths=\"* 4\"\nend\nend") },
    "E0321": { check("receipt\ntable widths=\"30 30\"\nrow \"a\" | \"b\"\nend") },
    "E0322": { check("receipt\ntable align=\"left\"\nend") },
    "E0323": { checkWithout("receipt\nimage \"a.pgm\"") },
    "W0324": { check("receipt\nimage \"a.pgm\"", data: ["a.pgm": pgm(500, 1)]) },
    "E0325": { check("receipt\nimage \"a.pgm\" width=384", data: ["a.pgm": pgm(1, 30)]) },
    "E0326": { check("receipt\nimage \"a.pgm\" threshold=100", data: ["a.pgm": pgm(4, 4)]) },
    "E0327": { checkWithout("receipt\nqr \"a\"") },
    "E0328": { check("receipt\nbarcode code128 \"" + String(repeating: "A", count: 30) + "\" module=8") },
    "E0329": { check("receipt\nbarcode foo \"1\"") },
    "E0330": { check("receipt\nbox x=1 y=1 w=1 h=1") },
    "E0331": { check(label + "row \"a\"") },
    "E0332": { check(label + "text \"a\"") },
    "E0333": { check(label + "text \"a\" x=1 y=1 align=center") },
    "E0334": { check(label + "line x1=1") },
    "E0335": {
      let many = String(repeating: "include \"b.slip\"\n", count: 40)
      return check(
        "receipt\ninclude \"a.slip\"",
        files: ["a.slip": many, "b.slip": many.replacing("b.slip", with: "c.slip"), "c.slip": "text \"a\""])
    },
    "E0336": { check("receipt\nfeed 256") },
    "E0340": { check("receipt\ntext \"a\"\ncut partial full") },
    "E0341": { check("receipt\ntable widths=\"* 8\"\nrow \"a\" | \"b\" scale=2\nend") },
    "E0342": { check("receipt\ntext \"a</b>\"") },
    "E0343": { check("receipt\ntext \"<b><u>a</b></u>\"") },
    "E0344": { check("receipt\ntext \"<b{{ x }}>\"") },
    "E0345": { check("receipt\ntext \"<size 9x1>a</size>\"") },
    "E0346": { check("receipt\ntext \"<b x>a</b>\"") },
    "E0347": { check("receipt\ntext \"<b>a\"") },
    "E0348": { check("receipt\ntext \"<bold>a</bold>\"") },
    "E0349": { check("label width=2in height=1in\ntext \"<b>a</b>\" x=0 y=0 rotate=90") },
    "E0350": { render("receipt\nimage \"{{ p }}\"", #"{"p": "data:image/png;base64,@@"}"#) },
    "E0351": { render("receipt\nimage \"{{ p }}\"", #"{"p": "data:image/gif;base64,AAAA"}"#) },
    "E0352": {
      // Built as a value, not parsed: 90 million base64 digits are over 64 MiB of picture.
      var data = JSONObject()
      data.set(.string("data:image/png;base64," + String(repeating: "A", count: 90_000_000)), forKey: "p")
      let prepared = compiler().prepare(SourceFile(path: "t.slip", text: "receipt\nimage \"{{ p }}\""))
      return prepared.template?.render(data).diagnostics.map(\.id) ?? []
    },
    "E0353": { render("receipt\nimage \"{{ p }}\"", #"{"p": ""}"#) },
    "E0354": { check("label width=2in height=1in\ntext \"<size 2x2>a</size>\" x=0 y=0") },
    "E0355": { check("label width=2in height=1in\ntext \"<inv><b>a</b></inv>\" x=0 y=0") },
    "E0356": { check("label width=2in height=1in\ntext \"<inv>a</inv>\" x=0 y=0 reverse") },
    "E0357": { render("label width=2in height=1in\ntext \"<b>{{ n }}</b>\" x=0 y=0", #"{"n": "שלום"}"#) },
    "E0360": { check("receipt\nbox\ntext \"a\" scale=2\nend") },
    "E0361": { check("receipt\nbox\ncut\nend") },
    "E0362": { check("receipt\ncolumn\nend") },
    "E0363": { check("receipt\ncolumns widths=\"* *\"\ncolumn\nend\nend") },
    "E0364": { check("receipt paper=58mm\ncolumns widths=\"20 20\"\ncolumn\nend\ncolumn\nend\nend") },
    "E0365": { check("receipt\ncolumns widths=\"*\"\ntext \"a\"\ncolumn\nend\nend") },
    "E0366": { check("receipt paper=58mm\ncolumns widths=\"4 *\"\ncolumn\nbox\nend\nend\ncolumn\nend\nend") },
    "E0380": { check(label + "text \"a\" x=0 y=0 font=A size=20") },
    "E0382": { check(label + "text \"a\" x=0 y=0 w=100 font=B fit=shrink") },
    "E0383": { check(label + "barcode code39 \"AB\" x=0 y=0 module=3 ratio=2.5") },
    // Data and evaluation.
    "E0401": { render("receipt\ntext \"{{ a.b }}\"", #"{"a": {}}"#) },
    "E0402": { render("receipt\ntext \"{{ a }}\"") },
    "E0403": { render("receipt\ntext \"{{ 1 + true }}\"") },
    "E0404": { render("receipt\nfor x in a\nend", #"{"a": 1}"#) },
    "E0405": { render("receipt\ntext \"{{ 1 / 0 }}\"") },
    "E0406": { render("receipt\ntext \"{{ 99999999999999999999999999999999999999 * 10 }}\"") },
    "E0407": { render("receipt\ntext \"{{ a | rupiah }}\"", #"{"a": "x"}"#) },
    "E0408": { render("receipt\ntext \"{{ a }}\"", #"{"a": [1]}"#) },
    "E0409": { render("receipt\ntext \"{{ a[5] }}\"", #"{"a": [1]}"#) },
    "E0410": { render("receipt\nfeed n", #"{"n": 300}"#) },
    "E0411": { render("receipt\ntext \"{{ a.b }}\"", #"{"a": 1}"#) },
    "E0412": { render("receipt\ntext \"{{ a[true] }}\"", #"{"a": [1]}"#) },
    "E0413": { render("receipt\ntext \"{{ -a }}\"", #"{"a": "x"}"#) },
    "E0420": { render("receipt\ntext \"a\"", "{") },
    "E0421": { render("receipt\ntext \"a\"", "[1]") + records("[1]\n", .jsonLines) },
    "E0430": { render("receipt\nbarcode ean13 \"{{ a }}\"", #"{"a": "abc"}"#) },
    "E0431": {
      render(
        "receipt\nbarcode code128 \"{{ a }}\" module=8", #"{"a": "\#(String(repeating: "A", count: 30))"}"#)
    },
    "E0440": {
      render("receipt\ntext \"a\"\ntext \"b\"\ntext \"c\"", options: RenderOptions(maximumItems: 2))
    },
    "E0441": {
      let list = "[" + Array(repeating: "0", count: 1_001).joined(separator: ",") + "]"
      return render("receipt\nfor a in xs\nfor b in xs\nend\nend", #"{"xs": \#(list)}"#)
    },
    "E0442": { render("receipt\ntext \"{{ a }}\"", #"{"a": "\#(String(repeating: "x", count: 70_000))"}"#) },
    // Records.
    "E0481": { records("a\n\"x\n", .csv) },
    "E0482": { records("a,b\n1\n", .csv) },
    "E0483": { records("a,a\n1,2\n", .csv) + records("a.\n1\n", .csv) },
    "E0484": {
      records(#"{"a": "\#(String(repeating: "x", count: 100))"}"# + "\n", .jsonLines, maximumRecordSize: 16)
        + records("a\n" + String(repeating: "x", count: 100) + "\n", .csv, maximumRecordSize: 16)
    },
    // Layout.
    "W0501": { render("receipt\ntext \"{{ a }}\"", #"{"a": "\u0007"}"#) },
    "W0502": { render(label + "box x=700 y=1 w=200 h=10") },
    "W0503": { render(label + "text \"a long text that cannot fit\" x=0 y=0 w=60 size=30") },
    "W0504": { render("receipt\nfor item in items\n  text \"{{ item }}\"\nend\ncut", #"{"items": []}"#) },
    "W0520": {
      render(
        "receipt\ncolumns widths=\"4 *\"\ncolumn\nqr \"{{ a }}\" size=8\nend\ncolumn\nend\nend",
        #"{"a": "x"}"#)
    },
    "W0530": { render(label + "box x=0 y=0 w=200 h=60 fill\ntext \"on black\" x=10 y=10") },
    // ESC/POS.
    // Without a rasteriser, since with one a line no code page has goes as a picture of itself.
    "W0601": { escpos(document("receipt\ntext \"中\""), rasterizer: nil) },
    "W0602": { escpos(receiptLine("a\u{7}")) },
    "W0603": { escpos("receipt\ndrawer pin=5", profile: profile { $0.drawerPins = [2] }) },
    "W0604": {
      escpos(
        "receipt\nimage \"a.pgm\"",
        profile: profile { $0.images = ImageSupport(raster: false, column: false, graphics: false) })
    },
    "W0605": {
      escpos(
        "receipt\ntext \"a\"\ncut",
        profile: profile {
          $0.id = "tear-bar-58"; $0.cutter.kinds = []
        })
    },
    "E0601": { escpos("receipt paper=80mm\ntext \"a\"") },
    "E0602": { escpos("receipt font=B\ntext \"a\"", profile: profile { $0.fontB = nil }) },
    "E0603": { escpos("receipt paper=80mm\nimage \"wide.pgm\"") },
    "E0604": {
      escpos(
        "receipt\ntext \"a\"",
        profile: profile { $0.images = ImageSupport(raster: false, column: false, graphics: false) },
        mode: .raster)
    },
    "E0606": { escpos(document("receipt\ntext \"a\""), mode: .raster, rasterizer: nil) },
    // Raster engine.
    "E0701": {
      var fonts = FontFiles.debian
      fonts.fontA.path = "/nonexistent/terminus-normal.otb"
      return raster(document("receipt\ntext \"a\""), fonts: fonts)
    },
    "W0701": { raster(document("receipt\ntext \"\u{F0000}\"")) },
    // ZPL.
    // The layout drops control characters itself (W0501): only a hand-made document has them.
    "W0901": { ZPLWriter().emit(receiptLine("a\u{7}")).warnings.map(\.id) },
    "W0902": { zpl(label + "text \"中\" x=0 y=0") },
    "W0903": { zpl("receipt\ndrawer") },
    "W0904": { zpl(label + "text \"a\" x=-10 y=0") },
    "W0905": { zpl(label + "qr \"é\" x=0 y=0") },
    "E0605": { kit("label width=4in height=1in dpi=203\ntext \"a\" x=0 y=0", target: .escpos()) },
    "E0901": { storedFormat("BADGE", [document("receipt\ntext \"a\"")]) },
    "E0902": { storedFormat("not a name!", [document(label + "text \"a\" x=0 y=0")]) },
    // The service's configuration.
    "E1001": { serve("{\"templates\": ") },
    "E1002": { serve("[]") },
    "E1003": { serve(#"{"templates": ".", "printers": {}, "retires": 3}"#) },
    "E1004": { serve(#"{"templates": ".", "printers": []}"#) },
    "E1005": { serve(#"{"templates": "."}"#) },
    "E1006": { serve(#"{"templates": "no-such-folder", "printers": {}}"#) },
    "E1007": { serve(#"{"templates": ".", "printers": {"bar": {"to": "tcp:"}}}"#) },
    "E1008": {
      serve(#"{"templates": ".", "printers": {"bar": {"to": "tcp:127.0.0.1", "printer": "generic-59"}}}"#)
    },
    "E1009": { serve(#"{"templates": ".", "printers": {}, "retries": 1000}"#) },
    "E1010": { serve(#"{"templates": ".", "printers": {"Bar!": {"to": "tcp:127.0.0.1"}}}"#) },
    "E1011": {
      do throws(DiagnosticsError) {
        _ = try ServeConfiguration.load("/nonexistent/slip-serve.json")
        return []
      } catch {
        return error.diagnostics.map(\.id)
      }
    },
    "E1012": { serve(#"{"templates": ".", "templates": ".", "printers": {}}"#) },
  ]

  /// What reading `text` as `slip-serve.json` (in the working directory) reports.
  static func serve(_ text: String) -> [String] {
    do throws(DiagnosticsError) {
      _ = try ServeConfiguration.parse(Array(text.utf8), file: "slip-serve.json", folder: ".")
      return []
    } catch {
      return error.diagnostics.map(\.id)
    }
  }

  /// IDs no input can produce through a library: what the reason is.
  static let unreachable: [String: String] = [
    "E0001":
      "a template file that cannot be read, which only the command line reads; produced by DocsCommandTests' session in docs/DIAGNOSTICS.md",
    "E0003": "libpng failing to encode a 1-bit page in memory (it runs out of memory)",
    "E0702": "FreeType failing to start (FT_Init_FreeType runs out of memory)",
    "E0703": "HarfBuzz or FriBidi failing to allocate while shaping a line (out of memory), or missing",
    "W0002": "the label face (fonts-liberation) missing, which scripts/setup installs on every machine",
    "W0906":
      "a Noto face (fonts-noto-core) missing when a label line needs shaping, which scripts/setup installs on every machine",
  ]

  /// The diagnostics' IDs of a rendering through SlipKit, as the CLI renders.
  static func kit(_ template: String, target: Target) -> [String] {
    Renderer().render(TemplateSource(SourceFile(path: "t.slip", text: template)), target: target).diagnostics
      .map(\.id)
  }
}
