import Foundation
import SlipESCPOS
import SlipIR
import Testing

@Suite struct ProfileTests {
  @Test func theIssuesPrintersAreBuiltIn() throws {
    #expect(
      PrinterProfile.builtIn.map(\.id) == [
        "generic-58", "generic-80", "epson-tm-t20iii", "epson-tm-t88", "xprinter-xp80t", "rongta-rp326",
      ])
    let clone = try #require(PrinterProfile.builtIn(id: "generic-58"))
    #expect(clone.dots == 384)
    #expect(clone.fontA.columns == 32)
    #expect(clone.fontB?.columns == 42)
    #expect(clone.cutter.kinds.isEmpty)
    #expect(!clone.symbols.qrCode)
    #expect(PrinterProfile.builtIn(id: "generic-80")?.dots == 576)
    #expect(PrinterProfile.generic(forPaper: "80mm").id == "generic-80")
  }

  @Test(arguments: PrinterProfile.builtIn)
  func builtInProfilesSurviveTheirJSON(_ profile: PrinterProfile) throws {
    let copy = try PrinterProfile(json: Array(profile.json.utf8), source: "\(profile.id).json")
    #expect(copy == profile)
  }

  @Test func aMinimalProfileTakesDefaults() throws {
    let json = """
      {"id": "tiny", "dpi": 203, "dots": 384, "fonts": {"A": {"width": 12, "height": 24, "columns": 32}},
       "codePages": {"0": "cp437"}, "cutter": {"kinds": [], "feedLines": 2}}
      """
    let profile = try PrinterProfile(json: Array(json.utf8), source: "tiny.json")
    #expect(profile.name == "tiny")
    #expect(profile.fontB == nil)
    #expect(profile.codePages == [CodePageEntry(0, try #require(CodePage.named("PC437")))])
    #expect(profile.narrowPlacement == .left)
    #expect(profile.drawerPins.isEmpty)
  }

  @Test(arguments: [
    (#"{"id": "x", "dpi": 203, "dots": 384}"#, "x.json:1:1: error: 'fonts': missing"),
    (
      #"{"id": "x", "dpi": 203, "dots": 384, "cuter": 1}"#,
      "x.json:1:38: error: 'cuter': unknown field; did you mean 'cutter'?"
    ),
    (
      #"{"id": "x", "dpi": 203, "dots": 384, "fonts": {"A": {"width": 12, "height": 24, "columns": 40}}}"#,
      "x.json:1:92: error: 'fonts.A.columns': 40 columns of 12 dots need 480 dots; the printer has 384"
    ),
    (
      #"{"id": "x", "dpi": "203"}"#, "x.json:1:20: error: 'dpi': expected a whole number from 100 to 600"
    ),
    (#"{"id": "My Printer"}"#, "x.json:1:8: error: 'id': expected a lower-case ID such as 'my-printer'"),
    (#"{"id": "x", "id": "y"}"#, "x.json:1:13: error: 'id': given twice"),
    (
      "{\"id\": \"x\",\n  \"dpi\": 203,,}",
      "x.json:2:14: error: expected an object key in double quotes, found ','"
    ),
    ("[1, 2", "x.json:1:6: error: unexpected end of data"),
  ])
  func malformedProfilesNameTheField(_ json: String, _ message: String) {
    #expect(throws: PrinterProfileError.self) { try PrinterProfile(json: Array(json.utf8), source: "x.json") }
    do {
      _ = try PrinterProfile(json: Array(json.utf8), source: "x.json")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func typosAndUnknownPagesGetSuggestions() throws {
    var json = PrinterProfile.generic58.json.replacingFirst("\"cutter\"", with: "\"cuter\"")
    #expect(throws: PrinterProfileError.self) { try PrinterProfile(json: Array(json.utf8), source: "p.json") }
    do {
      _ = try PrinterProfile(json: Array(json.utf8), source: "p.json")
    } catch {
      #expect(error.field == "cuter")
      #expect(error.message == "unknown field; did you mean 'cutter'?")
    }
    json = PrinterProfile.generic58.json.replacingFirst("\"PC850\"", with: "\"PC8500\"")
    do {
      _ = try PrinterProfile(json: Array(json.utf8), source: "p.json")
      Issue.record("an unknown code page must be an error")
    } catch {
      #expect(error.field == "codePages.2")
      #expect(error.message.contains("unknown code page 'PC8500'; did you mean 'PC850'?"))
    }
  }
}

extension String {
  fileprivate func replacingFirst(_ old: String, with new: String) -> String {
    guard let range = range(of: old) else { return self }
    return replacingCharacters(in: range, with: new)
  }
}
