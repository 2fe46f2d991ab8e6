import CDBus
import CSlipDBus

/// A private connection to a D-Bus bus, driven by its one owner on one thread.
///
/// No libdbus main loop: calls are sent with `send` and their replies matched by serial as
/// `next` pops them, so several calls can be in flight at once; `call` is the blocking form.
/// Messages that arrive while `call` blocks stay queued for `next`.
package final class BusConnection {
  private let pointer: OpaquePointer

  /// Connects to the bus at `address`, or to the system bus (which honours
  /// `DBUS_SYSTEM_BUS_ADDRESS`) when it is nil, and registers with it.
  package init(address: String? = nil) throws(BusError) {
    // libdbus is opened here, the first time, not at every slip start.
    if let reason = CSlipDBus_load() {
      throw BusError(
        name: "org.freedesktop.DBus.Error.Failed",
        message: "\(String(cString: reason)); Debian's 'libdbus-1-3' has it")
    }
    var error = DBusError()
    cslip_dbus_error_init(&error)
    defer { cslip_dbus_error_free(&error) }
    let connection: OpaquePointer?
    if let address {
      connection = cslip_dbus_connection_open_private(address, &error)
      if let connection, cslip_dbus_bus_register(connection, &error) == 0 {
        cslip_dbus_connection_close(connection)
        cslip_dbus_connection_unref(connection)
        throw Self.error(error)
      }
    } else {
      connection = cslip_dbus_bus_get_private(DBUS_BUS_SYSTEM, &error)
    }
    guard let connection else { throw Self.error(error) }
    // libdbus would otherwise _exit() the whole process when the bus goes away.
    cslip_dbus_connection_set_exit_on_disconnect(connection, 0)
    pointer = connection
  }

  deinit {
    cslip_dbus_connection_close(pointer)
    cslip_dbus_connection_unref(pointer)
  }

  private static func error(_ error: DBusError) -> BusError {
    BusError(
      name: error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed",
      message: error.message.map { String(cString: $0) } ?? "cannot connect to the bus")
  }

  /// The socket under the connection, for `poll` beside other descriptors (nil if none).
  package var socket: Int32? {
    var fd: Int32 = -1
    return cslip_dbus_connection_get_unix_fd(pointer, &fd) != 0 ? fd : nil
  }

  /// Whether the connection to the bus is still up.
  package var isConnected: Bool { cslip_dbus_connection_get_is_connected(pointer) != 0 }

  /// Queues `message` for sending and returns its serial, which its reply will carry.
  @discardableResult
  package func send(_ message: BusMessage) throws(BusError) -> UInt32 {
    var serial: UInt32 = 0
    guard cslip_dbus_connection_send(pointer, message.pointer, &serial) != 0 else {
      throw BusError(name: "org.freedesktop.DBus.Error.NoMemory", message: "cannot queue a message")
    }
    return serial
  }

  /// Writes out everything queued.
  package func flush() {
    cslip_dbus_connection_flush(pointer)
  }

  /// Sends `message` and waits up to `milliseconds` for its reply; an error reply is thrown.
  package func call(_ message: BusMessage, milliseconds: Int) throws(BusError) -> BusMessage {
    var error = DBusError()
    cslip_dbus_error_init(&error)
    defer { cslip_dbus_error_free(&error) }
    let timeout = Int32(clamping: max(1, milliseconds))
    guard
      let reply = cslip_dbus_connection_send_with_reply_and_block(pointer, message.pointer, timeout, &error)
    else {
      throw Self.error(error)
    }
    return BusMessage(owning: reply)
  }

  /// Asks the bus to route signals matching `rule` to us.
  package func addMatch(_ rule: String) throws(BusError) {
    var error = DBusError()
    cslip_dbus_error_init(&error)
    defer { cslip_dbus_error_free(&error) }
    cslip_dbus_bus_add_match(pointer, rule, &error)
    if cslip_dbus_error_is_set(&error) != 0 { throw Self.error(error) }
  }

  /// The next incoming message, waiting at most `milliseconds` (0: only what has arrived);
  /// nil when nothing came in time.
  package func next(milliseconds: Int) -> BusMessage? {
    if let message = cslip_dbus_connection_pop_message(pointer) {
      return BusMessage(owning: message)
    }
    guard cslip_dbus_connection_read_write(pointer, Int32(clamping: max(0, milliseconds))) != 0 else {
      return nil
    }
    return cslip_dbus_connection_pop_message(pointer).map { BusMessage(owning: $0) }
  }
}
