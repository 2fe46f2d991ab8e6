import SlipCore
import SlipIR
import Testing

@testable import SlipSymbols

/// Code 93 and GS1 DataBar Omnidirectional, which receipts print as zint draws them (issue 21):
/// their modules, and the data refused. That they scan is scripts/symbol-check's part.
@Suite struct ReceiptSymbologyTests {
  let encoder = ZintSymbolEncoder()

  func failure(_ symbology: Symbol.Symbology, _ data: String) -> String? {
    do {
      _ = try encoder.encode(symbology, data: data, errorCorrection: nil)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func code93IsNineModulesACharacter() throws {
    // Start, 3 characters, 2 check characters, stop: 9 modules each, and a termination bar.
    let modules = try encoder.encode(.code93, data: "ABC", errorCorrection: nil)
    #expect(modules.width == 9 * 7 + 1)
    #expect(modules.height == 1)
    #expect(failure(.code93, "Kopi ☕") != nil)
  }

  @Test func databarTakesAGTINWithOrWithoutItsCheckDigit() throws {
    let bare = try encoder.encode(.databar, data: "0950600013435", errorCorrection: nil)
    let checked = try encoder.encode(.databar, data: "09506000134352", errorCorrection: nil)
    let bracketed = try encoder.encode(.databar, data: "(01)09506000134352", errorCorrection: nil)
    // DataBar Omnidirectional is one width whatever the GTIN: 95 modules as zint draws it
    // without quiet zones.
    #expect(bare.width == 95)
    #expect(bare == checked && checked == bracketed)
    #expect(failure(.databar, "09506000134353") != nil)
    #expect(failure(.databar, "123") != nil)
    #expect(failure(.databar, "095060001343A") != nil)
  }
}
