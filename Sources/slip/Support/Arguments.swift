import SlipCore
import SlipSupport

/// A small command-line parser in the shape of swift-argument-parser: each command declares
/// its options, parsing reports unknown or incomplete ones as usage errors.
struct Arguments {
  /// What a command accepts.
  struct Spec {
    /// The command's name, for messages.
    var command: String
    /// Options that take a value, each with its aliases: `["--data"]`, `["-o", "--output"]`.
    var valued: [[String]]
    /// Options that take none.
    var flags: [[String]]
  }

  /// Positional arguments in order.
  /// The command's name, for messages.
  let command: String
  private(set) var positionals: [String] = []
  private var values: [String: String] = [:]
  private var present: Set<String> = []

  /// Parses `arguments` (without the program and command names) against `spec`.
  init(_ arguments: [String], spec: Spec) throws(UsageError) {
    command = spec.command
    func canonical(_ name: String, in groups: [[String]]) -> String? {
      groups.first { $0.contains(name) }?.last
    }
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if let key = canonical(name, in: spec.valued) {
        guard values[key] == nil else {
          throw UsageError(message: "option '\(name)' is given more than once", command: spec.command)
        }
        if let inlineValue {
          values[key] = inlineValue
        } else if index < arguments.count {
          values[key] = arguments[index]
          index += 1
        } else {
          throw UsageError(message: "option '\(name)' needs a value", command: spec.command)
        }
      } else if let key = canonical(name, in: spec.flags) {
        guard inlineValue == nil else {
          throw UsageError(message: "option '\(name)' takes no value", command: spec.command)
        }
        present.insert(key)
      } else {
        let known = (spec.valued + spec.flags).flatMap { $0 }
        let hint = Suggestion.closest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError(
          message: "unknown option '\(name)' for '\(spec.command)'\(hint)", command: spec.command)
      }
    }
  }

  /// The value of a valued option, by its long name.
  func value(_ name: String) -> String? { values[name] }

  /// Whether a flag was given, by its long name.
  func flag(_ name: String) -> Bool { present.contains(name) }

  /// A valued option restricted to `choices`.
  func choice(_ name: String, _ choices: [String], default fallback: String, command: String)
    throws(UsageError)
    -> String
  {
    guard let value = values[name] else { return fallback }
    guard choices.contains(value) else {
      throw UsageError(
        message: "invalid value '\(value)' for '\(name)'; expected \(choices.joined(separator: ", "))",
        command: command)
    }
    return value
  }

  /// The one argument a command takes: without it, `missing` is the message; with more,
  /// `render takes one template, got 2`.
  func single(_ noun: String, missing: String) throws(UsageError) -> String {
    guard positionals.count == 1 else {
      throw UsageError(
        message: positionals.isEmpty ? missing : "\(command) takes one \(noun), got \(positionals.count)",
        command: command)
    }
    return positionals[0]
  }

  /// Refuses arguments for a command that takes none: `scan takes no arguments, got 'x'`.
  func noPositionals() throws(UsageError) {
    guard positionals.isEmpty else {
      throw UsageError(message: "\(command) takes no arguments, got '\(positionals[0])'", command: command)
    }
  }

  /// A valued option the command cannot do without; `missing` is the message without it.
  func required(_ name: String, missing: String) throws(UsageError) -> String {
    guard let value = values[name] else { throw UsageError(message: missing, command: command) }
    return value
  }
}
