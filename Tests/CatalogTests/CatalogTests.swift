import Foundation
import Testing

/// The diagnostic catalogs as swift-syntax keeps `ParserDiagnosticMessages.swift`: each in
/// alphabetical order, every ID in one catalog and in docs/DIAGNOSTICS.md, and every ID produced
/// by a real input through the real stage.
@Suite struct CatalogTests {
  /// Every ID the catalogs define.
  static let catalogIDs: [String] = {
    var ids: Set<String> = []
    for path in CatalogFiles.paths {
      ids.formUnion(CatalogFiles.ids(in: (try? CatalogFiles.text(path)) ?? ""))
    }
    return ids.sorted()
  }()

  @Test(arguments: CatalogFiles.paths)
  func factoriesAreAlphabetical(_ path: String) throws {
    let blocks = CatalogFiles.factories(in: try CatalogFiles.text(path))
    #expect(!blocks.flatMap { $0 }.isEmpty, "no factories found in \(path)")
    for names in blocks {
      let sorted = names.sorted { $0.lowercased() < $1.lowercased() }
      #expect(names == sorted, "\(path): factories out of order")
    }
  }

  @Test func theCatalogsDefineEnoughIDs() {
    // The count this was written against; a catalog going missing from `paths` shows here.
    #expect(Self.catalogIDs.count >= 100)
  }

  @Test func eachIDBelongsToOneCatalog() throws {
    var owners: [String: [String]] = [:]
    for path in CatalogFiles.paths {
      for id in Set(CatalogFiles.ids(in: try CatalogFiles.text(path))) {
        owners[id, default: []].append(path)
      }
    }
    for (id, paths) in owners.sorted(by: { $0.key < $1.key }) where paths.count > 1 {
      #expect(CatalogFiles.shared[id] != nil, "\(id) is defined in \(paths.joined(separator: " and "))")
    }
  }

  @Test func noIDIsWordedOutsideTheCatalogs() throws {
    let catalogs = Set(CatalogFiles.paths)
    let known = Set(Self.catalogIDs)
    for path in CatalogFiles.sources() where !catalogs.contains(path) {
      for id in CatalogFiles.ids(in: try CatalogFiles.text(path)) {
        // Other files may name a catalog's ID (to choose an exit code, say), never a new one.
        #expect(
          known.contains(id) || (path.hasPrefix("Sources/slip/") && CatalogFiles.commandLine.contains(id)),
          "\(path) defines \(id) outside the catalogs")
      }
    }
  }

  @Test func everyIDIsDocumented() throws {
    let docs = try CatalogFiles.text("docs/DIAGNOSTICS.md")
    let listed = Set(CatalogFiles.ids(in: docs.replacing("`", with: "\"")))
    for id in Self.catalogIDs.sorted() + CatalogFiles.commandLine.sorted() {
      #expect(listed.contains(id), "\(id) is not in docs/DIAGNOSTICS.md")
    }
  }

  @Test func everyIDHasAProducer() {
    for id in Self.catalogIDs {
      #expect(Production.cases[id] != nil || Production.unreachable[id] != nil, "nothing produces \(id)")
    }
    for id in Production.cases.keys.sorted() {
      #expect(Self.catalogIDs.contains(id), "\(id) is produced but in no catalog")
    }
  }

  @Test(arguments: Production.cases.keys.sorted())
  func theInputProducesTheID(_ id: String) throws {
    let produce = try #require(Production.cases[id])
    let produced = produce()
    #expect(produced.contains(id), "produced \(produced)")
  }
}
