import SlipIR

/// A label stored in the printer once (`^DF`) and recalled for each record (`^XF`) with only
/// what the record changes: over Bluetooth, a badge then costs about its data.
///
/// The format is found from sample renderings of the same template: elements that come out the
/// same in every sample (the frame, the logo, fixed text) are the stored part; each field of the
/// others gets a number, `^FNn`, where its data goes. A record then sends `^FNn` with its data
/// for every field that sits where the format has it, and whole fields for what moved (centred
/// text as wide as its data, text that shrank or wrapped differently). A record whose stored
/// part differs from the format (a condition hid the logo) is written as a whole label, so a
/// recall never prints something the record did not have.
public struct ZPLStoredFormat: Sendable {
  /// A field whose data changes: where the format has it, and its number.
  struct Slot: Sendable {
    var commands: [UInt8]
    var number: Int
  }

  /// The name in the printer: `R:NAME.ZPL` (R: is memory, not flash: the batch wears nothing).
  public let name: String
  /// Copies, darkness, speed and media at the top of every recall.
  public let settings: ZPLJobSettings
  private let width: Int
  private let height: Int
  /// `^POI` when the label prints turned, else empty.
  private let orientation: String
  /// The elements every sample has the same, and their fields.
  private let fixed: [ElementFields.Key: [Field]]
  /// The order of the fixed elements.
  private let fixedOrder: [ElementFields.Key]
  /// The fields with data of the other elements, by element and field index.
  private let slots: [ElementFields.Key: [Int: Slot]]
  /// The elements of the first sample, for the definition.
  private let layout: [ElementFields]
  /// Writes the records that do not fit, and keeps the pictures made.
  private let writer: ZPLWriter

  /// The format shared by `samples`, renderings of one label template with different data
  /// (two are enough: a record and the same record with every value changed); `compressor`
  /// deflates its pictures (nil: `^GFA` hex).
  public init(
    name: String, samples: [Document], settings: ZPLJobSettings = ZPLJobSettings(),
    compressor: (any ZPLCompressor)? = nil
  ) throws(ZPLError) {
    let valid =
      !name.isEmpty && name.count <= 16
      && name.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
      }
    guard valid else { throw .formatNameInvalid(name) }
    guard let first = samples.first, let page = first.page else { throw .storedFormatForReceipt() }
    self.name = name.uppercased()
    self.settings = settings
    writer = ZPLWriter(settings: settings, compressor: compressor)
    width = page.widthDots
    height = page.heightDots
    orientation = ZPLWriter.orientation(page)

    var fieldsBySample: [[ElementFields.Key: [Field]]] = []
    var layout: [ElementFields] = []
    for (index, sample) in samples.enumerated() {
      guard let page = sample.page else { throw .storedFormatForReceipt() }
      var emitter = LabelFields(width: page.widthDots, height: page.heightDots, graphics: writer.graphics)
      let elements = emitter.fields(of: page)
      if index == 0 { layout = elements }
      // The first element of a key wins. (Not `Dictionary(_:uniquingKeysWith:)`: its rethrowing
      // closure casts errors dynamically, which Embedded Swift cannot do.)
      var byKey: [ElementFields.Key: [Field]] = [:]
      for element in elements where byKey[element.key] == nil { byKey[element.key] = element.fields }
      fieldsBySample.append(byKey)
    }
    var fixed: [ElementFields.Key: [Field]] = [:]
    var fixedOrder: [ElementFields.Key] = []
    var slots: [ElementFields.Key: [Int: Slot]] = [:]
    var number = 0
    for element in layout {
      if fieldsBySample.allSatisfy({ $0[element.key] == element.fields }) {
        fixed[element.key] = element.fields
        fixedOrder.append(element.key)
        continue
      }
      for (index, field) in element.fields.enumerated() where field.data != nil {
        number += 1
        slots[element.key, default: [:]][index] = Slot(commands: field.commands, number: number)
      }
    }
    self.fixed = fixed
    self.fixedOrder = fixedOrder
    self.slots = slots
    self.layout = layout
  }

  /// How many `^FN` fields the format has.
  public var fieldCount: Int { slots.values.reduce(0) { $0 + $1.count } }

  /// The `^XA^DF…^XZ` block that stores the format: sent once, before the first recall.
  public func definition() -> [UInt8] {
    var out: [UInt8] = []
    out.append(
      contentsOf: "^XA\n^DFR:\(name).ZPL^FS\n^PW\(width)^LL\(height)^LH0,0\(orientation)^CI28\n".utf8)
    for element in layout {
      if let fields = fixed[element.key] {
        for field in fields { field.write(to: &out) }
        continue
      }
      for (_, slot) in (slots[element.key] ?? [:]).sorted(by: { $0.key < $1.key }) {
        out.append(contentsOf: slot.commands)
        out.append(contentsOf: "^FN\(slot.number)^FS\n".utf8)
      }
    }
    out.append(contentsOf: "^XZ\n".utf8)
    return out
  }

  /// Whether `document` can be a recall of this format: same page, and every stored element
  /// in it as stored.
  public func fits(_ document: Document) -> Bool {
    guard let page = document.page else { return false }
    var emitter = LabelFields(width: page.widthDots, height: page.heightDots, graphics: writer.graphics)
    return fits(page, elements: emitter.fields(of: page))
  }

  private func fits(_ page: LabelPage, elements: [ElementFields]) -> Bool {
    guard page.widthDots == width, page.heightDots == height else { return false }
    var present = 0
    for element in elements {
      guard let stored = fixed[element.key] else { continue }
      guard stored == element.fields else { return false }
      present += 1
    }
    return present == fixedOrder.count
  }

  /// Appends the label of `document` to `out`: a recall with the record's fields, or the whole
  /// label when the record does not fit the format; returns what had to change.
  ///
  /// The recall leaves out `^CI28`: the stored format sets it, and it applies to the data the
  /// recall fills in.
  public func recall(_ document: Document, to out: inout [UInt8]) -> [ZPLWarning] {
    guard let page = document.page else { return writer.emit(document, to: &out) }
    var emitter = LabelFields(width: page.widthDots, height: page.heightDots, graphics: writer.graphics)
    let elements = emitter.fields(of: page)
    guard fits(page, elements: elements) else {
      return writer.emit(document, to: &out)
    }

    out.append(contentsOf: "^XA".utf8)
    settings.write(to: &out, lineBreak: false)
    out.append(contentsOf: "^XFR:\(name).ZPL".utf8)
    for element in elements where fixed[element.key] == nil {
      let elementSlots = slots[element.key]
      for (index, field) in element.fields.enumerated() {
        if let data = field.data, let slot = elementSlots?[index], slot.commands == field.commands {
          out.append(contentsOf: "^FN\(slot.number)^FH^FD".utf8)
          FieldData.append(data, to: &out)
          out.append(contentsOf: "^FS".utf8)
        } else {
          field.write(to: &out, lineBreak: false)
        }
      }
    }
    out.append(contentsOf: "^XZ\n".utf8)
    return emitter.warnings
  }
}
