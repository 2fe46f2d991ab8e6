import Foundation
import SlipSupport

extension BLEDevice {
  /// The devices as `slip scan` lists them: a table with a header row.
  public static func table(_ devices: [BLEDevice]) -> String {
    guard !devices.isEmpty else { return "no BLE devices found\n" }
    var out = "ADDRESS            RSSI  FAMILY                 NAME\n"
    for device in devices {
      let rssi = device.rssi.map(String.init) ?? "?"
      out += device.address.padding(toLength: 19, withPad: " ", startingAt: 0)
      out += rssi.padding(toLength: 6, withPad: " ", startingAt: 0)
      out += (device.family?.name ?? "-").padding(toLength: 23, withPad: " ", startingAt: 0)
      out += (device.name ?? "(no name)") + "\n"
    }
    return out
  }

  /// The devices as one JSON object (`slip scan --json`).
  public static func json(_ devices: [BLEDevice]) -> String {
    let entries = devices.map { device in
      var fields = ["\"address\": \(JSON.quoted(device.address))"]
      fields.append("\"name\": \(device.name.map(JSON.quoted) ?? "null")")
      fields.append("\"rssi\": \(device.rssi.map(String.init) ?? "null")")
      fields.append("\"family\": \(device.family.map { JSON.quoted($0.id) } ?? "null")")
      fields.append("\"services\": [\(device.uuids.map(JSON.quoted).joined(separator: ", "))]")
      return "{" + fields.joined(separator: ", ") + "}"
    }
    return "{\"devices\": [" + entries.joined(separator: ", ") + "]}\n"
  }
}
