import SlipIR
import Testing

@testable import SlipCore

/// Resource limits: clear errors instead of exhausted memory or endless paper.
@Suite struct LimitsTests {
  @Test func aLoopOverAHugeListStopsWithAnError() throws {
    let template = try #require(
      Compiler().prepare(
        SourceFile(path: "t.slip", text: "receipt paper=58mm\nfor x in xs\n  text \"{{ x }}\"\nend\n")
      ).template)
    let huge: JSONObject = ["xs": .array([Value](repeating: 7, count: 200_000))]
    let result = template.render(huge)
    #expect(result.document == nil)
    #expect(result.diagnostics.map(\.id) == ["E0440"])
    #expect(result.diagnostics.allSatisfy { $0.isDataProblem })

    // The limit is the caller's to set.
    let small = template.render(["xs": [1, 2, 3]], options: RenderOptions(maximumItems: 2))
    #expect(small.diagnostics.map(\.id) == ["E0440"])
    let enough = template.render(["xs": [1, 2, 3]], options: RenderOptions(maximumItems: 3))
    #expect(enough.document?.blocks.count == 3)
  }

  @Test func templatesLargerThanAMebibyteAreRefused() {
    let text = "receipt paper=58mm\n" + String(repeating: "# padding\n", count: 110_000)
    let result = Compiler().check(SourceFile(path: "big.slip", text: text))
    #expect(result.diagnostics.map(\.id) == ["E0111"])
  }

  @Test func includedTemplatesToo() {
    let loader = InMemoryLoader(["big.slip": String(repeating: "# padding\n", count: 110_000)])
    let result = Compiler(loader: loader).check(
      SourceFile(path: "top.slip", text: "receipt paper=58mm\ninclude \"big.slip\"\n"))
    #expect(result.diagnostics.map(\.id) == ["E0111"])
  }
}
