import SlipCore
import SlipESCPOS
import SlipSupport

/// Finding a printer profile by what a user wrote: a built-in ID, or a JSON profile file.
public enum PrinterChoice {
  /// The profile `name` means: a path (it contains `/` or ends in `.json`) is read as a profile
  /// file, anything else must be a built-in ID.
  public static func profile(_ name: String) throws(InputError) -> PrinterProfile {
    if isFile(name) {
      let bytes = try InputFile.read(name, what: "printer profile")
      do throws(PrinterProfileError) {
        return try PrinterProfile(json: bytes, source: name)
      } catch {
        let field = error.field.isEmpty ? "" : "'\(error.field)': "
        throw InputError(
          .invalid,
          "\(error.source):\(error.line):\(error.column): invalid printer profile: \(field)\(error.message)")
      }
    }
    if let profile = PrinterProfile.builtIn(id: name) { return profile }
    let ids = PrinterProfile.builtIn.map(\.id)
    let hint = Suggestion.closest(to: name, in: ids).map { "; did you mean '\($0)'?" } ?? ""
    throw InputError(
      .unknown,
      "unknown printer '\(name)'\(hint)\n  the built-in printers are \(ids.joined(separator: ", ")); "
        + "a profile file needs a path such as './\(name).json'")
  }

  /// Whether `name` names a profile file rather than a built-in printer.
  public static func isFile(_ name: String) -> Bool {
    name.contains("/") || name.hasSuffix(".json")
  }
}
