// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Slip",
  // Int128 (exact decimals) needs these on Apple platforms; Linux has it everywhere.
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "SlipIR", targets: ["SlipIR"]),
    .library(name: "SlipCore", targets: ["SlipCore"]),
    .library(name: "SlipFiles", targets: ["SlipFiles"]),
    .library(name: "SlipText", targets: ["SlipText"]),
    .library(name: "SlipESCPOS", targets: ["SlipESCPOS"]),
    .library(name: "SlipZPL", targets: ["SlipZPL"]),
    .library(name: "SlipZlib", targets: ["SlipZlib"]),
    .library(name: "SlipDelivery", targets: ["SlipDelivery"]),
    .library(name: "SlipTransport", targets: ["SlipTransport"]),
    .library(name: "SlipSymbols", targets: ["SlipSymbols"]),
    .library(name: "SlipKit", targets: ["SlipKit"]),
    .library(name: "SlipQueue", targets: ["SlipQueue"]),
    .library(name: "SlipServe", targets: ["SlipServe"]),
    .executable(name: "slip", targets: ["slip"]),
  ],
  targets: [
    // The layout IR: the contract between the compiler and every backend.
    .target(name: "SlipIR"),
    // The one strict JSON reader, with locations, for data, records and printer profiles; below
    // both the compiler and the backends, which may not import each other.
    .target(name: "SlipSupport"),
    // The compiler: source → tokens → AST → checked → evaluated → laid out as IR.
    .target(name: "SlipCore", dependencies: ["SlipIR", "SlipSupport"]),
    // The compiler's file-system loader (Foundation): apart, so SlipCore stays portable.
    .target(name: "SlipFiles", dependencies: ["SlipCore"]),
    // Plain-text backend: what a receipt looks like as characters.
    .target(name: "SlipText", dependencies: ["SlipIR"]),
    // ESC/POS backend: printer profiles, code pages, the byte writer and its disassembler; raster
    // printing through an injected ReceiptRasterizer (SlipRaster's, in SlipKit), so it stays portable.
    .target(name: "SlipESCPOS", dependencies: ["SlipIR", "SlipSupport"]),
    // zlib (Debian's zlib1g-dev), for the deflate stream of ZPL's Z64 graphics.
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // ZPL backend: labels and receipts for Zebra printers, stored formats, and a listing; deflate
    // injected (a ZPLCompressor), so it stays portable.
    .target(name: "SlipZPL", dependencies: ["SlipIR"]),
    // The ZPL writer's and listing's deflate over zlib, for Z64 graphics.
    .target(name: "SlipZlib", dependencies: ["CZlib", "SlipZPL"]),
    // libpng (Debian's libpng-dev); only the C shim below includes it.
    .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    // libpng reports errors by longjmp: every call that can fail sits in this C file behind its
    // own setjmp, so no longjmp ever crosses a Swift frame.
    .target(name: "CSlipPNG", dependencies: ["CLibPNG"]),
    // libdeflate (Debian's libdeflate-dev): whole-buffer inflate, 2.5 times as fast as zlib, for
    // the PNGs SlipPNG decodes without libpng.
    .systemLibrary(name: "CLibDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
    // PNG decoding (any PNG to grey) and encoding (1-bit and 8-bit with the printer's DPI).
    .target(name: "SlipPNG", dependencies: ["CLibDeflate", "CSlipPNG", "SlipIR"]),
    // The compiler's picture decoder as the CLI uses it: PNG through SlipPNG, and binary PGM.
    .target(name: "SlipImages", dependencies: ["SlipCore", "SlipIR", "SlipPNG"]),
    // FreeType (Debian's libfreetype-dev), for the raster engine's glyphs.
    .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    // Shared libraries opened the first time they are called, not at every start: HarfBuzz,
    // FriBidi, libdbus, libcups, SQLite, libmicrohttpd.
    .target(name: "CSlipLoad"),
    // HarfBuzz (Debian's libharfbuzz-dev) and GNU FriBidi (libfribidi-dev): shaping and
    // bidirectional order for the raster engine; only CSlipShape's C file includes them.
    .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
    // Both libraries spell directions, scripts and levels as macros Swift cannot import: a line's
    // runs and glyphs come out of this C file as plain structs. Both are opened the first time a
    // line is shaped (CSlipLoad); scripts/build-release drops the -l pkg-config adds.
    .target(name: "CSlipShape", dependencies: ["CHarfBuzz", "CFriBidi", "CSlipLoad"]),
    // The raster engine: IR -> 1-bit pages in the printer's dots, shared by previews and printing.
    .target(name: "SlipRaster", dependencies: ["CFreeType", "CSlipShape", "SlipIR"]),
    // libzint (Debian's libzint-dev, no pkg-config file: the module map links "zint").
    .systemLibrary(name: "CZint", providers: [.apt(["libzint-dev"])]),
    // Barcodes and QR codes drawn by zint: the compiler's SymbolEncoder for the CLI and apps.
    .target(name: "SlipSymbols", dependencies: ["CZint", "SlipCore", "SlipIR"]),
    // libdbus (Debian's libdbus-1-dev), for the BlueZ transport: its headers, and CSlipDBus's
    // trampolines into it. The -ldbus-1 pkg-config adds is dropped from the release binary by
    // scripts/build-release (nothing in it calls libdbus but the trampolines).
    .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
    .target(name: "CSlipDBus", dependencies: ["CDBus", "CSlipLoad"]),
    // libcups (Debian's libcups2-dev, no pkg-config file): its headers, and CSlipCups's
    // trampolines into it.
    .systemLibrary(name: "CCups", providers: [.apt(["libcups2-dev"])]),
    .target(name: "CSlipCups", dependencies: ["CCups", "CSlipLoad"]),
    // The transports' rules without their I/O (portable): chunking, write types, barriers,
    // pacing, pauses and exact counts, as state machines told events and answering with actions.
    .target(name: "SlipDelivery"),
    // Transports: a job's bytes to a printer over BLE and SPP (BlueZ over D-Bus), TCP, CUPS and
    // device files, and the printer's status, jobs; adapters that drive SlipDelivery.
    .target(
      name: "SlipTransport",
      dependencies: ["CDBus", "CSlipDBus", "CCups", "CSlipCups", "SlipDelivery", "SlipSupport"]),
    // SQLite (Debian's libsqlite3-dev), for the job queue's store; only SlipQueue imports it.
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    // SQLite's functions as trampolines, opened when a store first is (CSlipLoad).
    .target(name: "CSlipSQLite", dependencies: ["CSQLite", "CSlipLoad"]),
    // The durable job queue behind `slip serve`: jobs and their bytes in SQLite (WAL), one
    // sender per printer through SlipTransport, retries, idempotency, interrupted jobs.
    .target(name: "SlipQueue", dependencies: ["CSQLite", "CSlipSQLite", "SlipTransport"]),
    // Records for batch rendering read a record at a time: JSON Lines and CSV (RFC 4180).
    .target(name: "SlipRecords", dependencies: ["SlipCore"]),
    // The one rendering pipeline: the compiler wired with pictures, symbols and fonts, every
    // backend behind a typed target, previews and batches, all returned as values.
    .target(
      name: "SlipKit",
      dependencies: [
        "SlipCore", "SlipFiles", "SlipIR", "SlipText", "SlipESCPOS", "SlipPNG", "SlipRaster", "SlipSymbols",
        "SlipZPL", "SlipZlib", "SlipImages", "SlipRecords", "SlipSupport",
      ]),
    // GNU libmicrohttpd (Debian's libmicrohttpd-dev): the HTTP/1.1 server under `slip serve`; its
    // headers (no pkg-config: they need no flags, and its -l would load it at every start).
    .systemLibrary(name: "CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
    // libmicrohttpd's daemon options go through variadic functions Swift cannot call: this C file
    // passes them as plain arguments; and the trampolines into libmicrohttpd.
    .target(name: "CSlipHTTP", dependencies: ["CMicroHTTPD", "CSlipLoad"]),
    // `slip serve`: the HTTP server over libmicrohttpd, its router, configuration and limits, and
    // the service's endpoints (render, printers, jobs) on SlipKit's renderer.
    .target(
      name: "SlipServe",
      dependencies: [
        "CMicroHTTPD", "CSlipHTTP", "SlipCore", "SlipESCPOS", "SlipFiles", "SlipIR", "SlipKit", "SlipQueue",
        "SlipSupport", "SlipText", "SlipTransport",
      ],
      // The designer's page, compiled into the binary as byte arrays: served from memory, and the
      // static release build needs no files beside it.
      resources: [
        .embedInCode("Designer/Assets/index.html"), .embedInCode("Designer/Assets/designer.css"),
        .embedInCode("Designer/Assets/designer.js"),
      ]),
    // The command line, a thin shell: parses arguments, calls SlipKit and SlipTransport, prints.
    .executableTarget(
      name: "slip",
      dependencies: [
        "SlipKit", "SlipCore", "SlipIR", "SlipESCPOS", "SlipServe", "SlipTransport", "SlipZPL", "SlipZlib",
        "SlipRecords",
        "SlipSupport",
      ]),
    // libFuzzer targets for everything that reads untrusted bytes (make fuzz); built normally, a
    // replay tool for saved inputs.
    .executableTarget(
      name: "SlipFuzz",
      dependencies: [
        "CLibDeflate", "SlipCore", "SlipESCPOS", "SlipIR", "SlipImages", "SlipKit", "SlipPNG", "SlipRecords",
        "SlipZPL", "SlipZlib",
      ],
      path: "Fuzz/SlipFuzz", exclude: ["pipeline.dict"]),
    // The benchmarks' shared command line, CPU clock, medians and output lines (make bench).
    .target(name: "BenchSupport", path: "Benchmarks/BenchSupport"),
    // Measures compile-once / render-many receipts beside python-escpos (scripts/bench).
    .executableTarget(
      name: "SlipBench",
      dependencies: ["BenchSupport", "SlipCore", "SlipFiles", "SlipText", "SlipESCPOS", "SlipIR"],
      path: "Benchmarks/SlipBench"),
    // Measures the raster engine: a picture to GS v 0, a preview per receipt (scripts/bench).
    .executableTarget(
      name: "RasterBench",
      dependencies: [
        "BenchSupport", "SlipCore", "SlipESCPOS", "SlipFiles", "SlipImages", "SlipIR", "SlipPNG",
        "SlipRaster",
      ],
      path: "Benchmarks/RasterBench"),
    // Measures the ZPL backend and the label preview beside zplkit (scripts/bench).
    .executableTarget(
      name: "ZPLBench",
      dependencies: [
        "BenchSupport", "SlipCore", "SlipFiles", "SlipIR", "SlipImages", "SlipPNG", "SlipRaster",
        "SlipSymbols", "SlipZPL", "SlipZlib",
      ],
      path: "Benchmarks/ZPLBench"),
    // What the tests share: the repository and the built products, running a process, a seeded
    // random number generator, recording goldens.
    .target(name: "SlipTestSupport", path: "Tests/SlipTestSupport"),
    .testTarget(name: "SlipIRTests", dependencies: ["SlipIR", "SlipTestSupport"]),
    // The shared JSON reader, string escaper and "did you mean".
    .testTarget(name: "SlipSupportTests", dependencies: ["SlipSupport"]),
    .testTarget(name: "SlipCoreTests", dependencies: ["SlipCore", "SlipIR", "SlipTestSupport"]),
    .testTarget(
      name: "GoldenTests",
      dependencies: [
        "SlipCore", "SlipFiles", "SlipIR", "SlipKit", "SlipTestSupport", "SlipText", "SlipImages",
      ],
      exclude: ["Cases", "Templates"]
    ),
    .testTarget(name: "CLITests", dependencies: ["slip", "SlipPNG", "SlipTestSupport"]),
    // The BLE sender against the stand-in BlueZ (scripts/bluez-standin) on a private bus.
    .testTarget(
      name: "SlipTransportTests", dependencies: ["CSlipLoad", "SlipTransport", "slip", "SlipTestSupport"]),
    // The job store and queue against the stand-in TCP printer (scripts/printer-standin).
    .testTarget(name: "SlipQueueTests", dependencies: ["CSQLite", "SlipQueue", "SlipTestSupport"]),
    // SlipDelivery's state machines driven by simulated events: no D-Bus, no sockets.
    .testTarget(name: "SlipDeliveryTests", dependencies: ["SlipDelivery"]),
    .testTarget(
      name: "SlipESCPOSTests", dependencies: ["SlipESCPOS", "SlipIR", "SlipRaster", "SlipTestSupport"]),
    // The ZPL writer, and its goldens: every bundled label and receipt as ZPL with a listing, and
    // each label's preview, which scripts/zpl-check holds against zplkit's rendering.
    .testTarget(
      name: "SlipZPLTests",
      dependencies: [
        "SlipZPL", "SlipIR", "SlipCore", "SlipFiles", "SlipKit", "SlipSymbols", "SlipRaster", "SlipPNG",
        "SlipImages", "SlipTestSupport", "SlipZlib",
      ],
      exclude: ["Cases", "Listings"]),
    .testTarget(
      name: "SlipSymbolsTests", dependencies: ["SlipSymbols", "SlipCore", "SlipIR", "SlipTestSupport"]),
    .testTarget(name: "SlipPNGTests", dependencies: ["SlipPNG", "SlipIR"], exclude: ["Fixtures"]),
    .testTarget(
      name: "SlipRasterTests",
      dependencies: [
        "SlipRaster", "SlipPNG", "SlipIR", "SlipCore", "SlipESCPOS", "SlipFiles", "SlipKit",
        "SlipTestSupport",
      ],
      exclude: ["Cases"]),
    .testTarget(
      name: "ESCPOSGoldenTests",
      dependencies: ["SlipCore", "SlipFiles", "SlipIR", "SlipESCPOS", "SlipKit", "SlipTestSupport"],
      exclude: ["Cases"]),
    // The injection corpus through Slip's own writers (scripts/injection-check has emupos and
    // zplkit judge the same renders).
    .testTarget(
      name: "InjectionTests",
      dependencies: [
        "SlipCore", "SlipESCPOS", "SlipFiles", "SlipIR", "SlipImages", "SlipSymbols", "SlipZPL", "SlipZlib",
      ],
      exclude: ["Fixtures"]),
    // Replays every input a fuzzer found through the SlipFuzz replay build.
    .testTarget(name: "SlipFuzzTests", dependencies: ["SlipFuzz", "SlipTestSupport"], exclude: ["Fixtures"]),
    // SlipKit against the CLI: every bundled template, batches, and the README's example app.
    .testTarget(name: "SlipKitTests", dependencies: ["SlipKit", "SlipTestSupport", "SlipZPL", "slip"]),
    // The message catalogs: order, IDs, docs, and an input through the real stage for every ID.
    .testTarget(
      name: "CatalogTests",
      dependencies: [
        "SlipCore", "SlipESCPOS", "SlipIR", "SlipImages", "SlipKit", "SlipRaster", "SlipRecords",
        "SlipServe", "SlipSymbols",
        "SlipZPL",
      ]),
    // Generated templates through every backend, held to properties (scripts/pipeline-check runs
    // emupos, zplkit, zbarimg and zxing-cpp over the same cases).
    .testTarget(
      name: "PipelineTests",
      dependencies: ["SlipCore", "SlipESCPOS", "SlipFiles", "SlipIR", "SlipKit", "SlipTestSupport"]),
    // The HTTP server, router, configuration, limits and endpoints of `slip serve`, in process.
    .testTarget(name: "SlipServeTests", dependencies: ["SlipServe", "SlipCore", "SlipTestSupport"]),
    // Uses only the public API, as an app embedding Slip would.
    .testTarget(name: "SlipAPITests", dependencies: ["SlipCore", "SlipFiles", "SlipIR", "SlipText"]),
  ],
  swiftLanguageModes: [.v6]
)
