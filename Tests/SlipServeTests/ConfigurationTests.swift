import Foundation
import SlipCore
import SlipTestSupport
import Testing

@testable import SlipServe

@Suite struct ConfigurationTests {
  /// The repository's templates folder, which every valid configuration here names.
  static let folder = Repository.root.path

  /// The formatted first line of each diagnostic reading `text` gives.
  static func errors(_ text: String) -> [String] {
    do throws(DiagnosticsError) {
      _ = try ServeConfiguration.parse(Array(text.utf8), file: "slip-serve.json", folder: folder)
      return []
    } catch {
      return error.diagnostics.map { diagnostic in
        DiagnosticFormatter().format(diagnostic, sources: error.sources).split(separator: "\n")[0].description
      }
    }
  }

  @Test func aGoodConfigurationReads() throws {
    let text = """
      {
        "templates": "templates",
        "printers": {
          "bar": {"to": "tcp:127.0.0.1:9100", "printer": "generic-58"},
          "kitchen": {"to": "file:out/kitchen.bin"}
        },
        "retries": 5,
        "limits": {"bodyBytes": 2048, "timeoutSeconds": 3}
      }
      """
    let configuration = try ServeConfiguration.parse(
      Array(text.utf8), file: "slip-serve.json", folder: Self.folder)
    #expect(configuration.templates == Repository.root.appendingPathComponent("templates").path)
    #expect(configuration.printers.map(\.id) == ["bar", "kitchen"])
    #expect(configuration.printer("bar")?.profile?.id == "generic-58")
    #expect(configuration.printer("kitchen")?.profile == nil)
    // A relative file destination is the configuration's folder's.
    #expect(configuration.printer("kitchen")?.to == "file:" + Self.folder + "/out/kitchen.bin")
    #expect(configuration.retries == 5)
    #expect(configuration.limits == HTTPLimits(bodyBytes: 2048, timeoutSeconds: 3))
  }

  @Test func mistakesAreReportedAtTheirPlace() {
    let text = """
      {
        "templates": "templates",
        "printers": {
          "bar": {"to": "tcp:127.0.0.1:9100", "printer": "generic-59"},
          "Bad!": {"to": "usb:1"},
          "kitchen": {"to": "tcp:127.0.0.1", "printr": "generic-80"}
        },
        "retries": -1,
        "limits": {"bodyBytes": "big"},
        "tempaltes": 1
      }
      """
    #expect(
      Self.errors(text) == [
        "slip-serve.json:4:52: error: 'printers.bar.printer': unknown printer 'generic-59'; did you mean 'generic-58'? [E1008]",
        "slip-serve.json:5:5: error: printer ID 'Bad!' must be 1 to 64 lower-case letters, digits, '-' or '_' [E1010]",
        "slip-serve.json:5:20: error: 'printers.Bad!.to': 'usb:' is not a way to a printer; '--to' takes ble:ADDRESS|NAME, spp:ADDRESS|NAME, tcp:HOST[:PORT], cups:QUEUE or file:PATH [E1007]",
        "slip-serve.json:6:40: error: unknown field 'printers.kitchen.printr'; did you mean 'printer'? [E1003]",
        "slip-serve.json:8:14: error: 'retries' must be a whole number from 0 to 100 [E1009]",
        "slip-serve.json:9:27: error: 'limits.bodyBytes' must be a whole number, not a string [E1004]",
        "slip-serve.json:10:3: error: unknown field 'tempaltes'; did you mean 'templates'? [E1003]",
      ])
  }

  @Test func aFileThatIsNotJSONIsReportedWhereItBreaks() {
    #expect(
      Self.errors("{\n  \"templates\": \"templates\",\n  \"printers\": {\n}") == [
        "slip-serve.json:4:2: error: the configuration is not JSON: unexpected end of data [E1001]"
      ])
  }

  @Test func missingFieldsAndFoldersAreReported() {
    #expect(
      Self.errors("{}") == [
        "slip-serve.json:1:1: error: the configuration needs 'templates' [E1005]",
        "slip-serve.json:1:1: error: the configuration needs 'printers' [E1005]",
      ])
    #expect(
      Self.errors(#"{"templates": "nowhere", "printers": {"a": {}}}"#) == [
        "slip-serve.json:1:15: error: the templates folder 'nowhere' does not exist [E1006]",
        "slip-serve.json:1:44: error: printer 'a' needs 'to' [E1005]",
      ])
  }

  @Test func aMissingFileIsReportedWithoutAPlace() {
    #expect(throws: DiagnosticsError.self) { try ServeConfiguration.load("/nonexistent/slip-serve.json") }
  }
}
