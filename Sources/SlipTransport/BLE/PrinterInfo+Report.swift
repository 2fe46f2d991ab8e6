import SlipSupport

extension PrinterInfo {
  private static func describe(_ characteristic: Characteristic) -> String {
    var text = "\(UUIDText.short(characteristic.uuid)) [\(characteristic.flags.joined(separator: " "))]"
    text += " in service \(UUIDText.short(characteristic.service))"
    if let mtu = characteristic.mtu { text += ", MTU \(mtu)" }
    return text
  }

  /// The printer's identity, Device Information and characteristics, as `slip info` lists them.
  public var listing: String {
    let info = self
    var out = "\(info.device.name ?? "(no name)") \(info.device.address)\n"
    out += "  family:       \(info.device.family?.name ?? "not recognised")\n"
    for (label, value) in info.deviceInformation {
      out += "  \((label + ":").padding(toLength: 14, withPad: " ", startingAt: 0))\(value)\n"
    }
    if info.deviceInformation.isEmpty { out += "  (no Device Information service)\n" }
    let mtu =
      info.write.mtu.map { "\($0 - 3) bytes per write (MTU \($0))" }
      ?? "20 bytes per write (no MTU from BlueZ)"
    out += "  write:        \(Self.describe(info.write))\n"
    out += "  chunks:       \(mtu)\n"
    out += "  notify:       \(info.notify.map(Self.describe) ?? "none")\n"
    return out
  }

  /// The same as one JSON object (`slip info --json`).
  public var json: String {
    let info = self
    func characteristic(_ c: Characteristic?) -> String {
      guard let c else { return "null" }
      return "{\"uuid\": \(JSON.quoted(c.uuid)), \"service\": \(JSON.quoted(c.service)), "
        + "\"flags\": [\(c.flags.map(JSON.quoted).joined(separator: ", "))], "
        + "\"mtu\": \(c.mtu.map(String.init) ?? "null")}"
    }
    let information = info.deviceInformation.map {
      "\(JSON.quoted($0.label)): \(JSON.quoted($0.value))"
    }
    return "{\"address\": \(JSON.quoted(info.device.address)), "
      + "\"name\": \(info.device.name.map(JSON.quoted) ?? "null"), "
      + "\"family\": \(info.device.family.map { JSON.quoted($0.id) } ?? "null"), "
      + "\"deviceInformation\": {\(information.joined(separator: ", "))}, "
      + "\"write\": \(characteristic(info.write)), \"notify\": \(characteristic(info.notify))}\n"
  }
}
