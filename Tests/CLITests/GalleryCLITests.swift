import Foundation
import Testing

/// `slip gallery`: the cases it finds, the files it writes, the page's escaping and exit codes.
/// (`scripts/gallery-check` opens the bundled templates' gallery in headless Chromium.)
@Suite struct GalleryCLITests {
  /// A folder of templates: one with two data files and a partial, one with errors, one
  /// wanting data it has no file for, one cut twice with data that warns.
  static func templates() throws -> URL {
    let folder = try PreviewCLITests.folder()
    let files = [
      "shop.slip": "receipt paper=58mm\ntext \"{{ name }}\"\ninclude \"thanks.slip\"\ncut\n",
      "shop.json": "{\"name\": \"Kopi Senja\"}",
      "shop.evil.json": "{\"name\": \"<script>'x'</script>&\\\"q\\\"\"}",
      "thanks.slip": "text \"Terima kasih!\" align=center\n",
      "broken.slip": "receipt paper=58mm\ntext \"{{ total | rupia }}\"\n",
      "hungry.slip": "receipt paper=58mm\ntext \"{{ order.id }}\"\n",
      "twice.slip": "receipt paper=58mm\ntext \"{{ who }}\"\ncut\ntext \"two\"\ncut\n",
      "twice.json": "{\"who\": \"bell\\u0007\"}",
      "notes.txt": "not a template",
    ]
    for (name, text) in files {
      try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return folder
  }

  @Test func writesEveryCaseAndAPageThatEscapesTheData() throws {
    let folder = try Self.templates()
    defer { try? FileManager.default.removeItem(at: folder) }
    let site = folder.appendingPathComponent("site")
    let result = try CLITests.slip("gallery", folder.path, "-o", site.path)
    // A template with errors fails the command, but the whole site is written.
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stdout.contains("5 cases, 2 with errors"))
    #expect(result.stderr.contains("unknown filter 'rupia'"))

    let manager = FileManager.default
    for file in [
      "index.html", "shop/preview.png", "shop/receipt.bin", "shop/receipt.txt", "shop.evil/preview.png",
      "broken/diagnostics.txt", "hungry/diagnostics.txt", "twice/preview.png", "twice/preview-2.png",
    ] {
      #expect(manager.fileExists(atPath: site.appendingPathComponent(file).path), "\(file)")
    }
    // The partial is no case of its own, and a failed case has no preview.
    #expect(!manager.fileExists(atPath: site.appendingPathComponent("thanks").path))
    #expect(!manager.fileExists(atPath: site.appendingPathComponent("broken/preview.png").path))
    let text = try String(contentsOf: site.appendingPathComponent("shop/receipt.txt"), encoding: .utf8)
    #expect(text.contains("Kopi Senja") && text.contains("Terima kasih!"))

    let page = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(page.contains("&lt;script&gt;&#39;x&#39;&lt;/script&gt;&amp;&quot;q&quot;"))
    #expect(!page.contains("<script"))
    #expect(page.contains("<code>thanks.slip</code>, included by <code>shop.slip</code>"))
    #expect(page.contains("<pre class=\"error\">"))
    #expect(page.contains("<pre class=\"warning\">"))
    #expect(page.contains("src=\"twice/preview-2.png\""))
    #expect(page.contains("&#39;order&#39; is not defined in the data"))
    #expect(page.contains("src=\"shop/preview.png\" width=\"384\""))
    #expect(page.contains("width=\"768\""))
    #expect(page.contains("href=\"shop/receipt.bin\" download"))
    // Relative links only, so the folder works anywhere.
    #expect(!page.contains("src=\"/") && !page.contains("href=\"/") && !page.contains("file://"))
  }

  @Test func usageAndMissingFolders() throws {
    let noSite = try CLITests.slip("gallery", "templates")
    #expect(noSite.status == 64)
    #expect(noSite.stderr.contains("add '-o SITE'"))
    let missing = try CLITests.slip("gallery", "no-such-folder", "-o", "/tmp/never-written")
    #expect(missing.status == 66)
    let help = try CLITests.slip("gallery", "--help")
    #expect(help.status == 0 && help.stdout.contains("USAGE: slip gallery"))
  }
}
