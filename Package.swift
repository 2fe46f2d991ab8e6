// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Slip",
  // Int128 (exact decimals) needs these on Apple platforms; Linux has it everywhere.
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "SlipIR", targets: ["SlipIR"]),
    .library(name: "SlipCore", targets: ["SlipCore"]),
    .library(name: "SlipESCPOS", targets: ["SlipESCPOS"]),
    .executable(name: "slip", targets: ["slip"]),
  ],
  targets: [
    // The layout IR: the contract between the compiler and every backend.
    .target(name: "SlipIR"),
    // The compiler: source → tokens → AST → checked → evaluated → laid out as IR.
    .target(name: "SlipCore", dependencies: ["SlipIR"]),
    // Plain-text backend: what a receipt looks like as characters.
    .target(name: "SlipText", dependencies: ["SlipIR"]),
    // ESC/POS backend: printer profiles, code pages, the byte writer and its disassembler.
    .target(name: "SlipESCPOS", dependencies: ["SlipIR"]),
    // The command line, a thin layer over the libraries.
    .executableTarget(name: "slip", dependencies: ["SlipCore", "SlipIR", "SlipText", "SlipESCPOS"]),
    // Measures compile-once / render-many; run through scripts/bench (make bench).
    .executableTarget(
      name: "SlipBench", dependencies: ["SlipCore", "SlipText", "SlipESCPOS", "SlipIR"],
      path: "Benchmarks/SlipBench"),
    .testTarget(name: "SlipIRTests", dependencies: ["SlipIR"]),
    .testTarget(name: "SlipCoreTests", dependencies: ["SlipCore", "SlipIR"]),
    .testTarget(
      name: "GoldenTests",
      dependencies: ["SlipCore", "SlipIR", "SlipText"],
      exclude: ["Cases", "Templates"]
    ),
    .testTarget(name: "CLITests", dependencies: ["slip"]),
    .testTarget(name: "SlipESCPOSTests", dependencies: ["SlipESCPOS", "SlipIR"]),
    .testTarget(
      name: "ESCPOSGoldenTests", dependencies: ["SlipCore", "SlipIR", "SlipESCPOS"], exclude: ["Cases"]),
    // Uses only the public API, as an app embedding Slip would.
    .testTarget(name: "SlipAPITests", dependencies: ["SlipCore", "SlipIR", "SlipText"]),
  ],
  swiftLanguageModes: [.v6]
)
