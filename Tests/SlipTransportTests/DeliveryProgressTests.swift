import Testing

@testable import SlipTransport

/// The progress line `slip send` redraws and the way a printer's notification is shown.
@Suite struct DeliveryProgressTests {
  @Test func theBarCountsChunksOverBLEAndBytesOverStreams() {
    var ble = Delivery(
      printer: "XP-58", total: 9_800, chunks: 54, chunkSize: 182, writeType: .command, barrier: .read,
      barrierEvery: 8)
    ble.confirmed = 4_900
    ble.chunksConfirmed = 27
    ble.elapsed = .seconds(2)
    #expect(
      ble.progressLine
        == "[############............] 4.9/9.8 kB  27/54 chunks confirmed  2.5 kB/s  2 s left")
    ble.paused = true
    #expect(ble.progressLine.hasSuffix("  paused by the printer"))

    var tcp = Delivery(printer: "bar", total: 2_000, route: .tcp)
    tcp.queued = 2_000
    #expect(tcp.progressLine.hasPrefix("[########################] 2.0/2.0 kB  0.0 kB confirmed"))
    #expect(Delivery(printer: "empty", total: 0, route: .tcp).progressLine.hasPrefix("[####"))
  }

  @Test func notificationsAreQuotedTextOrHex() {
    #expect(Delivery.notification(Array("PAPER OUT\r\n".utf8)) == "\"PAPER OUT\"")
    #expect(Delivery.notification([0x10, 0x04, 0x12]) == "10 04 12")
  }
}
