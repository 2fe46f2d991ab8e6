import SlipKit
import Testing

/// Where `--preview FILE` writes each page of a receipt with several cuts.
@Suite struct PreviewFilesTests {
  @Test func pagesAfterTheFirstAreNumbered() {
    #expect(
      PreviewPage.files(for: 3, at: "out/receipt.png") == [
        "out/receipt.png", "out/receipt-2.png", "out/receipt-3.png",
      ])
    #expect(PreviewPage.files(for: 2, at: "v1.0/preview") == ["v1.0/preview", "v1.0/preview-2"])
    #expect(PreviewPage.files(for: 1, at: ".png") == [".png"])
    #expect(PreviewPage.files(for: 2, at: ".png") == [".png", ".png-2"])
  }
}
