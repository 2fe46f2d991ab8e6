import SlipESCPOS
import SlipKit
import SlipZPL

/// `slip render`'s options for Zebra printers: job settings and the stored format.
struct ZPLOptions {
  /// Help lines for the command's usage.
  static let help = """
      --stored-format NAME store the label in the printer once as NAME (^DF) and send
                           each record as a recall (^XF) with only its data
      --copies N           copies of each label (^PQ)
      --darkness 0-30      print darkness (~SD)
      --speed 1-14         print speed in inches per second (^PR)
      --media gap|mark|continuous
                           what the printer feeds (^MN; receipts are always continuous)
    """

  /// The options that take a value.
  static let valued = [["--stored-format"], ["--copies"], ["--darkness"], ["--speed"], ["--media"]]

  /// Copies, darkness, speed, media.
  var settings = ZPLJobSettings()
  /// The stored format's name.
  var storedFormat: String?

  /// Whether any ZPL option was given.
  var isEmpty: Bool { settings.isEmpty && storedFormat == nil }

  /// Reads the options from `arguments`; out-of-range values are usage errors.
  init(_ arguments: Arguments, command: String) throws(UsageError) {
    func number(_ name: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int? {
      guard let text = arguments.value(name) else { return nil }
      guard let value = Int(text), range.contains(value) else {
        throw UsageError(
          message:
            "invalid value '\(text)' for '\(name)'; expected \(range.lowerBound) to \(range.upperBound)",
          command: command)
      }
      return value
    }
    settings.copies = try number("--copies", 1...99_999_999)
    settings.darkness = try number("--darkness", 0...30)
    settings.speed = try number("--speed", 1...14)
    if arguments.value("--media") != nil {
      let choices = ZPLJobSettings.Media.allCases.map(\.rawValue)
      settings.media = ZPLJobSettings.Media(
        rawValue: try arguments.choice("--media", choices, default: "gap", command: command))
    }
    storedFormat = arguments.value("--stored-format")
  }
}

/// The target `--target` names, as SlipKit's typed ``Target``.
enum RenderTarget {
  /// The target for a template: the one named, or ZPL for labels and ESC/POS for receipts; the
  /// ESC/POS target prints for `profile` in `mode`, the ZPL one with the job's settings.
  static func resolve(
    _ explicit: String?, isLabel: Bool, profile: PrinterProfile?, mode: PrintMode, zpl: ZPLOptions
  ) -> Target {
    switch explicit ?? (isLabel ? "zpl" : "escpos") {
    case "zpl": .zpl(zpl.settings)
    case "text": .text
    case "ir": .ir
    default: .escpos(profile, mode: mode)
    }
  }

  /// Refuses ZPL options for other targets, and ESC/POS bytes on a terminal (as an explicit
  /// `--target escpos` always has), once the template has decided the target.
  static func check(_ target: Target, output: String, zpl: ZPLOptions) throws(CommandFailure) {
    if !zpl.isEmpty, target.name != "zpl" {
      throw CommandFailure(
        message: "ZPL options apply to '--target zpl' only, not '\(target.name)'", code: .usage)
    }
    if target.name == "escpos", output == "-", Console.standardOutputIsTerminal {
      throw CommandFailure(
        message: "refusing to write ESC/POS bytes to a terminal; write them to a file with '-o out.bin', "
          + "pipe them ('| slip disasm -'), or see the receipt with '--target text'",
        code: .usage)
    }
  }
}
