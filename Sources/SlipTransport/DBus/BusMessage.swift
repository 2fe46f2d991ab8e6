import CDBus
import CSlipDBus

#if canImport(Glibc)
  import Glibc
#endif

/// One libdbus message, owned: the reference is dropped when this object goes.
package final class BusMessage {
  /// The libdbus message; valid for this object's lifetime.
  let pointer: OpaquePointer

  /// Takes over a reference the caller owned.
  init(owning pointer: OpaquePointer) {
    self.pointer = pointer
  }

  deinit {
    cslip_dbus_message_unref(pointer)
  }

  /// A method call to `destination`, with `arguments` appended in order.
  package init(
    call destination: String, path: String, interface: String, member: String, arguments: [BusValue] = []
  ) {
    guard let pointer = cslip_dbus_message_new_method_call(destination, path, interface, member) else {
      fatalError("libdbus is out of memory")  // libdbus returns NULL only without memory
    }
    self.pointer = pointer
    var iterator = DBusMessageIter()
    cslip_dbus_message_iter_init_append(pointer, &iterator)
    for argument in arguments {
      Self.append(argument, to: &iterator)
    }
  }

  /// The reply to `call`, carrying `arguments`.
  package init(replyTo call: BusMessage, arguments: [BusValue] = []) {
    guard let pointer = cslip_dbus_message_new_method_return(call.pointer) else {
      fatalError("libdbus is out of memory")
    }
    self.pointer = pointer
    var iterator = DBusMessageIter()
    cslip_dbus_message_iter_init_append(pointer, &iterator)
    for argument in arguments {
      Self.append(argument, to: &iterator)
    }
  }

  /// An error reply to `call`.
  package init(errorTo call: BusMessage, name: String, message: String) {
    guard let pointer = cslip_dbus_message_new_error(call.pointer, name, message) else {
      fatalError("libdbus is out of memory")
    }
    self.pointer = pointer
  }

  /// What kind of message this is.
  package enum Kind: Sendable {
    /// A reply to a method call.
    case reply
    /// An error reply to a method call.
    case error
    /// A signal.
    case signal
    /// A method call to us (BlueZ calling the `Profile1` object Slip registered).
    case call
    /// Something newer.
    case other
  }

  /// Reply, error, signal, call or other.
  package var kind: Kind {
    switch cslip_dbus_message_get_type(pointer) {
    case Int32(cdbus_message_type_method_return): .reply
    case Int32(cdbus_message_type_error): .error
    case Int32(cdbus_message_type_signal): .signal
    case Int32(cdbus_message_type_method_call): .call
    default: .other
    }
  }

  /// The serial of the call a reply or error answers.
  package var replySerial: UInt32 { cslip_dbus_message_get_reply_serial(pointer) }

  /// The object path (of a signal's emitter).
  package var path: String? { cslip_dbus_message_get_path(pointer).map { String(cString: $0) } }

  /// The interface of a signal or call.
  package var interface: String? { cslip_dbus_message_get_interface(pointer).map { String(cString: $0) } }

  /// The member (signal or method name).
  package var member: String? { cslip_dbus_message_get_member(pointer).map { String(cString: $0) } }

  /// An error's name, such as `org.bluez.Error.InProgress`.
  package var errorName: String? { cslip_dbus_message_get_error_name(pointer).map { String(cString: $0) } }

  /// The error as a value, for an error reply.
  package var error: BusError? {
    guard kind == .error else { return nil }
    return BusError(name: errorName ?? "", message: arguments.first?.string ?? "")
  }

  /// The sender's unique bus name, such as `:1.42`.
  package var sender: String? { cslip_dbus_message_get_sender(pointer).map { String(cString: $0) } }

  /// The message's arguments. Each read of a file descriptor argument hands out a new
  /// duplicate, owned by the caller: read a message carrying one only once.
  package var arguments: [BusValue] {
    var iterator = DBusMessageIter()
    guard cslip_dbus_message_iter_init(pointer, &iterator) != 0 else { return [] }
    return Self.read(&iterator)
  }

  // MARK: Reading

  /// Every value from `iterator` to the end of its container.
  private static func read(_ iterator: inout DBusMessageIter) -> [BusValue] {
    var values: [BusValue] = []
    while cslip_dbus_message_iter_get_arg_type(&iterator) != cdbus_type_invalid {
      values.append(readOne(&iterator))
      cslip_dbus_message_iter_next(&iterator)
    }
    return values
  }

  private static func basic<T: BitwiseCopyable>(_ iterator: inout DBusMessageIter, _ zero: T) -> T {
    var value = zero
    cslip_dbus_message_iter_get_basic(&iterator, &value)
    return value
  }

  private static func readOne(_ iterator: inout DBusMessageIter) -> BusValue {
    let type = cslip_dbus_message_iter_get_arg_type(&iterator)
    switch type {
    case cdbus_type_byte: return .byte(basic(&iterator, UInt8(0)))
    case cdbus_type_boolean: return .bool(basic(&iterator, dbus_bool_t(0)) != 0)
    case cdbus_type_int16: return .int16(basic(&iterator, Int16(0)))
    case cdbus_type_uint16: return .uint16(basic(&iterator, UInt16(0)))
    case cdbus_type_int32: return .int32(basic(&iterator, Int32(0)))
    case cdbus_type_uint32: return .uint32(basic(&iterator, UInt32(0)))
    case cdbus_type_int64: return .int64(basic(&iterator, Int64(0)))
    case cdbus_type_uint64: return .uint64(basic(&iterator, UInt64(0)))
    case cdbus_type_double: return .double(basic(&iterator, Double(0)))
    case cdbus_type_unix_fd: return .fd(basic(&iterator, Int32(-1)))
    case cdbus_type_string, cdbus_type_object_path, cdbus_type_signature:
      let cString = basic(&iterator, UnsafePointer<CChar>?.none)
      let text = cString.map { String(cString: $0) } ?? ""
      return type == cdbus_type_string
        ? .string(text) : type == cdbus_type_object_path ? .objectPath(text) : .signature(text)
    case cdbus_type_variant:
      var inner = DBusMessageIter()
      cslip_dbus_message_iter_recurse(&iterator, &inner)
      return .variant(readOne(&inner))
    case cdbus_type_struct:
      var inner = DBusMessageIter()
      cslip_dbus_message_iter_recurse(&iterator, &inner)
      return .structure(read(&inner))
    case cdbus_type_array:
      return readArray(&iterator)
    default:
      return .structure([])  // a type BlueZ does not send; kept as an empty value
    }
  }

  private static func readArray(_ iterator: inout DBusMessageIter) -> BusValue {
    let signature = cslip_dbus_message_iter_get_signature(&iterator).map { pointer in
      defer { cslip_dbus_free(pointer) }
      return String(cString: pointer)
    }
    let element = String((signature ?? "a").dropFirst())
    var inner = DBusMessageIter()
    cslip_dbus_message_iter_recurse(&iterator, &inner)
    if element == "y" {
      var data: UnsafePointer<UInt8>?
      var count: Int32 = 0
      cslip_dbus_message_iter_get_fixed_array(&inner, &data, &count)
      return .bytes(data.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? [])
    }
    if element.hasPrefix("{") {
      let key = String(element.dropFirst().prefix(1))
      let value = String(element.dropFirst(2).dropLast())
      var entries: [BusEntry] = []
      while cslip_dbus_message_iter_get_arg_type(&inner) == cdbus_type_dict_entry {
        var pair = DBusMessageIter()
        cslip_dbus_message_iter_recurse(&inner, &pair)
        let fields = read(&pair)
        if fields.count == 2 { entries.append(BusEntry(key: fields[0], value: fields[1])) }
        cslip_dbus_message_iter_next(&inner)
      }
      return .dictionary(key: key, value: value, entries)
    }
    return .array(element: element, read(&inner))
  }

  // MARK: Writing

  private static func appendBasic<T: BitwiseCopyable>(
    _ type: Int32, _ value: T, to iterator: inout DBusMessageIter
  ) {
    var value = value
    guard cslip_dbus_message_iter_append_basic(&iterator, type, &value) != 0 else {
      fatalError("libdbus is out of memory")
    }
  }

  private static func appendString(_ type: Int32, _ text: String, to iterator: inout DBusMessageIter) {
    text.withCString { cString in
      var pointer: UnsafePointer<CChar>? = cString
      guard cslip_dbus_message_iter_append_basic(&iterator, type, &pointer) != 0 else {
        fatalError("libdbus is out of memory")
      }
    }
  }

  private static func container(
    _ type: Int32, _ signature: String?, in iterator: inout DBusMessageIter,
    _ body: (inout DBusMessageIter) -> Void
  ) {
    var inner = DBusMessageIter()
    let opened =
      if let signature {
        signature.withCString { cslip_dbus_message_iter_open_container(&iterator, type, $0, &inner) }
      } else {
        cslip_dbus_message_iter_open_container(&iterator, type, nil, &inner)
      }
    guard opened != 0 else { fatalError("libdbus is out of memory") }
    body(&inner)
    cslip_dbus_message_iter_close_container(&iterator, &inner)
  }

  /// Appends one value; its signature must be valid (BusValue's cases guarantee it).
  static func append(_ value: BusValue, to iterator: inout DBusMessageIter) {
    switch value {
    case .byte(let n): appendBasic(cdbus_type_byte, n, to: &iterator)
    case .bool(let b): appendBasic(cdbus_type_boolean, dbus_bool_t(b ? 1 : 0), to: &iterator)
    case .int16(let n): appendBasic(cdbus_type_int16, n, to: &iterator)
    case .uint16(let n): appendBasic(cdbus_type_uint16, n, to: &iterator)
    case .int32(let n): appendBasic(cdbus_type_int32, n, to: &iterator)
    case .uint32(let n): appendBasic(cdbus_type_uint32, n, to: &iterator)
    case .int64(let n): appendBasic(cdbus_type_int64, n, to: &iterator)
    case .uint64(let n): appendBasic(cdbus_type_uint64, n, to: &iterator)
    case .double(let d): appendBasic(cdbus_type_double, d, to: &iterator)
    case .fd(let fd): appendBasic(cdbus_type_unix_fd, fd, to: &iterator)
    case .string(let s): appendString(cdbus_type_string, s, to: &iterator)
    case .objectPath(let s): appendString(cdbus_type_object_path, s, to: &iterator)
    case .signature(let s): appendString(cdbus_type_signature, s, to: &iterator)
    case .bytes(let bytes):
      container(cdbus_type_array, "y", in: &iterator) { inner in
        bytes.withUnsafeBufferPointer { buffer in
          // libdbus wants the address of a pointer to the elements.
          var start = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)
          _ = cslip_dbus_message_iter_append_fixed_array(&inner, cdbus_type_byte, &start, Int32(buffer.count))
        }
      }
    case .array(let element, let elements):
      container(cdbus_type_array, element, in: &iterator) { inner in
        for element in elements { append(element, to: &inner) }
      }
    case .dictionary(let key, let valueSignature, let entries):
      container(cdbus_type_array, "{" + key + valueSignature + "}", in: &iterator) { inner in
        for entry in entries {
          container(cdbus_type_dict_entry, nil, in: &inner) { pair in
            append(entry.key, to: &pair)
            append(entry.value, to: &pair)
          }
        }
      }
    case .structure(let fields):
      container(cdbus_type_struct, nil, in: &iterator) { inner in
        for field in fields { append(field, to: &inner) }
      }
    case .variant(let inner):
      container(cdbus_type_variant, inner.signature, in: &iterator) { append(inner, to: &$0) }
    }
  }
}

/// A D-Bus error: BlueZ's error name and its text.
package struct BusError: Error, Sendable, Equatable {
  /// Such as `org.bluez.Error.Failed`.
  package var name: String
  /// The human-readable text.
  package var message: String

  /// An error.
  package init(name: String, message: String) {
    self.name = name
    self.message = message
  }
}
