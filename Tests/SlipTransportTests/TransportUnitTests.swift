import Testing

@testable import SlipTransport

/// The parts of the transport that need no bus: targets, UUIDs, families, the write plan and
/// the libdbus message round trip.
@Suite struct TransportUnitTests {
  @Test func targetsAreAddressesOrNames() {
    #expect(BLETarget("dc:0d:30:48:95:01") == .address("DC:0D:30:48:95:01"))
    #expect(BLETarget("POS-5805DD") == .name("POS-5805DD"))
    #expect(BLETarget("DC:0D:30:48:95") == .name("DC:0D:30:48:95"))
    #expect(BLETarget("") == nil)
  }

  @Test func uuidsInEveryForm() {
    #expect(UUIDText.normalised("18f0") == "000018F0-0000-1000-8000-00805F9B34FB")
    #expect(
      UUIDText.normalised("000018f0-0000-1000-8000-00805f9b34fb") == "000018F0-0000-1000-8000-00805F9B34FB")
    #expect(UUIDText.short("000018f0-0000-1000-8000-00805f9b34fb") == "18F0")
    #expect(UUIDText.short("38eb4a80-c570-11e3-9507-0002a5d5c51b") == "38EB4A80-C570-11E3-9507-0002A5D5C51B")
    #expect(UUIDText.isValid("18F0") && UUIDText.isValid("38EB4A80-C570-11E3-9507-0002A5D5C51B"))
    #expect(!UUIDText.isValid("18G0") && !UUIDText.isValid("38EB4A80C570-11E3-9507-0002A5D5C51B"))
  }

  @Test func familiesFromServicesThenNames() {
    #expect(
      PrinterFamily.recognise(uuids: ["000018f0-0000-1000-8000-00805f9b34fb"], name: nil)?.id == "clone-18f0")
    #expect(PrinterFamily.recognise(uuids: ["FE79"], name: "XXZKJ221400123")?.id == "zebra")
    #expect(PrinterFamily.recognise(uuids: [], name: "GB03")?.id == "cat")
    // A service wins over a misleading name.
    #expect(PrinterFamily.recognise(uuids: ["AE30"], name: "POS-5805")?.id == "cat")
    #expect(PrinterFamily.recognise(uuids: [], name: "Living room speaker") == nil)
  }

  static func plan(_ type: WriteType, _ barrier: Barrier, total: Int, chunk: Int, every: Int) -> [String] {
    let delivery = Delivery(
      printer: "p", total: total, chunks: (total + chunk - 1) / chunk, chunkSize: chunk, writeType: type,
      barrier: barrier, barrierEvery: every)
    return BLESender.operations(delivery).map { operation in
      switch operation.kind {
      case .write(let type): "\(type.rawValue) \(operation.range.lowerBound)..<\(operation.range.upperBound)"
      case .read: "read @\(operation.range.upperBound)"
      }
    }
  }

  @Test func requestBarriersEveryNChunksAndAtTheEnd() {
    #expect(
      Self.plan(.command, .request, total: 50, chunk: 10, every: 2) == [
        "command 0..<10", "request 10..<20", "command 20..<30", "request 30..<40", "request 40..<50",
      ])
  }

  @Test func readBarriersFollowTheirChunks() {
    #expect(
      Self.plan(.command, .read, total: 25, chunk: 10, every: 2) == [
        "command 0..<10", "command 10..<20", "read @20", "command 20..<25", "read @25",
      ])
  }

  @Test func requestWritesAndUnconfirmedCommands() {
    #expect(
      Self.plan(.request, .request, total: 25, chunk: 10, every: 1) == [
        "request 0..<10", "request 10..<20", "request 20..<25",
      ])
    #expect(
      Self.plan(.command, .none, total: 25, chunk: 10, every: 8) == [
        "command 0..<10", "command 10..<20", "command 20..<25",
      ])
  }

  @Test func waitsRoundUpToWholeMilliseconds() {
    #expect(Duration.microseconds(1).milliseconds == 1)
    #expect(Duration.milliseconds(3).milliseconds == 3)
    #expect(Duration.microseconds(3_600).milliseconds == 4)
  }

  @Test func messagesRoundTripThroughLibdbus() {
    let arguments: [BusValue] = [
      .bytes([0x1B, 0x40, 0x00, 0xFF]),
      .options(["type": .string("command"), "offset": .uint16(7)]),
      .array(element: "s", []),
      .structure([.objectPath("/org/bluez/hci0"), .int16(-62), .bool(true)]),
      .dictionary(key: "q", value: "v", [BusEntry(key: .uint16(2354), value: .variant(.bytes([1, 2])))]),
    ]
    let message = BusMessage(
      call: "org.bluez", path: "/org/bluez/hci0/dev_X/service000c/char000d",
      interface: "org.bluez.GattCharacteristic1", member: "WriteValue", arguments: arguments)
    #expect(message.arguments == arguments)
    #expect(message.arguments[1].dictionary?["type"]?.string == "command")
    #expect(message.arguments[4].integerDictionary?[2354]?.bytes == [1, 2])
  }
}
