/// The lexer's diagnostics, alphabetically.
extension DiagnosticMessage {
  static func backslashInExpression() -> Self {
    .init(
      id: "E0110", .error,
      "no backslash is needed inside '{{ }}': quote strings there with \" or ' as they are",
      label: "remove the backslash")
  }
  static func bangWithoutEquals() -> Self {
    .init(id: "E0107", .error, "unexpected '!'; write 'not' for negation or '!=' for inequality")
  }
  static func commentInExpression() -> Self {
    .init(id: "E0108", .error, "'#' cannot appear inside '{{ }}'", label: "comment not allowed here")
  }
  static func interpolationNestedTooDeep() -> Self {
    .init(id: "E0106", .error, "strings and interpolations are nested too deeply")
  }
  static func invalidEscape(_ escape: String) -> Self {
    .init(id: "E0103", .error, "invalid escape '\\\(escape)' in string", label: "unknown escape")
  }
  static func invalidUnicodeEscape() -> Self {
    .init(
      id: "E0104", .error, "invalid unicode escape; write '\\u{' hex digits '}' for a code point",
      label: "bad escape")
  }
  static func invalidUTF8() -> Self {
    .init(id: "E0109", .error, "the template is not valid UTF-8", label: "invalid byte")
  }
  static func templateTooLarge(_ limit: Int) -> Self {
    .init(id: "E0111", .error, "the template is larger than \(limit >> 20) MiB; split it with 'include'")
  }
  static func unexpectedCharacter(_ character: String) -> Self {
    .init(id: "E0101", .error, "unexpected character '\(character)'", label: "not part of the language")
  }
  static func unterminatedInterpolation() -> Self {
    .init(id: "E0105", .error, "unterminated '{{' in string; expected '}}'", label: "opened here")
  }
  static func unterminatedString() -> Self {
    .init(id: "E0102", .error, "unterminated string", label: "string starts here")
  }
}
