import Foundation
import SlipCore

/// What `slip gallery DIR` shows: every template in the folder with each of its data files.
///
/// The convention: `name.slip` takes its data from `name.json` and from every `name.*.json`
/// (`kopi-senja.empty.json`), each a case of its own; a data file belongs to the template with
/// the longest name it starts with. A template with no data file is rendered with `{}` (its
/// diagnostics say what data it wants), unless another template in the folder includes it: then
/// it is a *partial* (like `footer.slip`), shown inside its includers and listed, not rendered
/// alone.
public struct GalleryCatalog: Sendable {
  /// One rendering: a template with one data file, or with none.
  public struct Case: Sendable {
    /// A name for the case's files and anchor: `kopi-senja`, `kopi-senja.empty`.
    public var id: String
    /// The template's path.
    public var template: String
    /// The data file's path; nil renders with `{}`.
    public var data: String?
  }

  /// A template only ever included, with the templates that include it.
  public struct Partial: Sendable {
    /// Its path.
    public var template: String
    /// The file names of the templates including it.
    public var includedBy: [String]
  }

  /// Every case, ordered by template then data file.
  public private(set) var cases: [Case] = []
  /// The partials, by name.
  public private(set) var partials: [Partial] = []

  /// Reads the folder; each template is checked once to learn what it includes.
  public init(folder: String, root: String?) throws(InputError) {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    } catch {
      throw InputError(.missing, "cannot list the templates in '\(folder)'")
    }
    let templates = names.filter { $0.hasSuffix(".slip") }.map { String($0.dropLast(5)) }
    guard !templates.isEmpty else {
      throw InputError(.missing, "'\(folder)' has no templates ('*.slip')")
    }
    var data: [String: [String]] = [:]
    for name in names where name.hasSuffix(".json") {
      let stem = String(name.dropLast(5))
      let owner = templates.filter { stem == $0 || stem.hasPrefix($0 + ".") }.max { $0.count < $1.count }
      if let owner { data[owner, default: []].append(stem) }
    }
    let includers = Self.includers(of: templates.map { Self.path(folder, $0 + ".slip") }, root: root)
    for template in templates {
      let path = Self.path(folder, template + ".slip")
      let stems = data[template] ?? []
      if stems.isEmpty, let including = includers[Self.absolute(path)], !including.isEmpty {
        partials.append(Partial(template: path, includedBy: including))
        continue
      }
      if stems.isEmpty {
        cases.append(Case(id: template, template: path, data: nil))
      }
      // `name.json` first, then the variants by name.
      for stem in stems.filter({ $0 == template }) + stems.filter({ $0 != template }).sorted() {
        cases.append(Case(id: stem, template: path, data: Self.path(folder, stem + ".json")))
      }
    }
  }

  /// For every file the templates include, the names of the templates including it: each
  /// template is checked (not rendered) through a ``RecordingLoader``.
  private static func includers(of templates: [String], root: String?) -> [String: [String]] {
    var includers: [String: [String]] = [:]
    for template in templates {
      guard let bytes = FileManager.default.contents(atPath: template) else { continue }
      let loader = RecordingLoader(TemplateSource.loader(forTemplateAt: template, root: root))
      _ = Renderer().check(TemplateSource(SourceFile(path: template, bytes: Array(bytes)), loader: loader))
      let name = URL(fileURLWithPath: template).lastPathComponent
      for path in Set(loader.paths) where path != absolute(template) {
        includers[path, default: []].append(name)
      }
    }
    return includers
  }

  /// `folder/name`; just `name` in the working directory, so diagnostics read `kopi.slip:3:1`.
  private static func path(_ folder: String, _ name: String) -> String {
    if folder == "." { return name }
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  private static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }
}
