import SlipIR

// Includes: another file's statements checked in place, with limits on depth, count and cycles.
extension Checker {
  /// `include "footer.slip"`: the file's statements checked here, in this context.
  mutating func checkInclude(_ include: IncludeStatement, media: ReceiptMedia) -> [CheckedStatement] {
    guard let loader else {
      diagnostics.append(
        Diagnostic(
          .includeLoaderMissing(include.path), at: include.pathRange))
      return []
    }
    guard includeStack.count <= 32 else {
      diagnostics.append(Diagnostic(.includeTooDeep(), at: include.pathRange))
      return []
    }
    includesExpanded += 1
    guard includesExpanded <= Self.maximumIncludes else {
      if includesExpanded == Self.maximumIncludes + 1 {
        diagnostics.append(Diagnostic(.tooManyIncludes(Self.maximumIncludes), at: include.pathRange))
      }
      return []
    }
    let includer = sources[include.pathRange.file].path
    let file: SourceFile
    do throws(TemplateLoadError) {
      file = try loader.load(include.path, includedFrom: includer)
    } catch {
      diagnostics.append(Diagnostic(.includeFailed(error.message), at: include.pathRange))
      return []
    }
    guard file.bytes.count <= SourceFile.maximumTemplateSize else {
      diagnostics.append(Diagnostic(.templateTooLarge(SourceFile.maximumTemplateSize), at: include.pathRange))
      return []
    }
    guard !includeStack.contains(file.path) else {
      diagnostics.append(
        Diagnostic(
          .includeCycle(file.path), at: include.pathRange, notes: [.includeChain(includeStack + [file.path])])
      )
      return []
    }
    var template: Template
    if let cached = parsed[file.path] {
      template = cached
    } else {
      let index = sources.add(file)
      var lexer = Lexer(source: file, file: index)
      let (tokens, lexDiagnostics) = lexer.tokenize()
      var parser = Parser(tokens: tokens)
      let (syntax, parseDiagnostics) = parser.parse()
      diagnostics += lexDiagnostics + parseDiagnostics
      template = syntax
      if case .receipt(let header) = template.statements.first {
        diagnostics.append(Diagnostic(.includeHasHeader(header.kind), at: header.range))
        template.statements.removeFirst()
      }
      parsed[file.path] = template
    }
    includeStack.append(file.path)
    defer { includeStack.removeLast() }
    return checkBlock(template.statements, media: media)
  }
}
