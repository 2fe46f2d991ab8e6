import Foundation
import SlipTestSupport
import Testing

/// README.md's "Using Slip from Swift" example is a real app: its first Swift block, as
/// `main.swift` of a package that depends on this one's `SlipKit` product, builds and prints
/// exactly the bytes `slip render` prints for the same receipt and printer.
@Suite struct ReadmeExampleTests {
  /// The first ```swift block after the section's heading.
  static func example() throws -> String {
    let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "## Using Slip from Swift"), "README has no such section")
    let rest = readme[section.upperBound...]
    let open = try #require(rest.range(of: "```swift\n"))
    let close = try #require(rest[open.upperBound...].range(of: "\n```\n"))
    return String(rest[open.upperBound..<close.lowerBound]) + "\n"
  }

  @Test func theExampleBuildsAndRendersAsTheCLIDoes() throws {
    let main = try Self.example()
    #expect(main.contains("import SlipKit"))
    // Kept under .build so a second run builds only what changed.
    let package = Repository.root.appendingPathComponent(".build/readme-example")
    let sources = package.appendingPathComponent("Sources/KopiApp")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    // A path dependency is known by its folder's name.
    let identity = Repository.root.lastPathComponent.lowercased()
    let manifest = """
      // swift-tools-version: 6.0
      import PackageDescription

      let package = Package(
        name: "KopiApp",
        platforms: [.macOS(.v15)],
        dependencies: [.package(path: "\(Repository.root.path)")],
        targets: [
          .executableTarget(name: "KopiApp", dependencies: [.product(name: "SlipKit", package: "\(identity)")])
        ]
      )

      """
    try Self.update(package.appendingPathComponent("Package.swift"), manifest)
    try Self.update(sources.appendingPathComponent("main.swift"), main)
    let swift = URL(fileURLWithPath: "/usr/bin/env")
    var build = try ProcessRun.run(swift, ["swift", "build", "--product", "KopiApp"], in: package)
    if build.status != 0 {
      // SwiftPM can keep a stale plan of the dependency after its manifest changed: build anew.
      try? FileManager.default.removeItem(at: package.appendingPathComponent(".build"))
      build = try ProcessRun.run(swift, ["swift", "build", "--product", "KopiApp"], in: package)
    }
    #expect(build.status == 0, "the README's example does not build:\n\(build.stdout)\n\(build.stderr)")
    guard build.status == 0 else { return }
    let bin = try ProcessRun.run(swift, ["swift", "build", "--show-bin-path"], in: package)
    let app = URL(fileURLWithPath: bin.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + "/KopiApp")
    let epoch = ["SOURCE_DATE_EPOCH": "1764511509"]
    let ran = try ProcessRun.run(app, [], environment: epoch)
    #expect(ran.status == 0, "\(ran.stderr)")
    #expect(ran.stderr == "0 diagnostics\n")
    let cli = try ProcessRun.run(
      Repository.product("slip"),
      [
        "render", "templates/kopi-senja.slip", "--data", "templates/kopi-senja.json", "--printer",
        "generic-58", "-o", "-",
      ],
      environment: epoch)
    #expect(cli.status == 0)
    #expect(!ran.output.isEmpty && ran.output == cli.output)
  }

  /// Writes `text` to `url` unless it holds it already (an unchanged file is not rebuilt).
  static func update(_ url: URL, _ text: String) throws {
    if (try? String(contentsOf: url, encoding: .utf8)) == text { return }
    try text.write(to: url, atomically: true, encoding: .utf8)
  }
}
