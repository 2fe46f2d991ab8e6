// CSlipDBus: the libdbus functions SlipTransport's BlueZ transport calls, as `cslip_`
// trampolines into libdbus-1.so.3, opened the first time a bus is (CSlipLoad says why).
#ifndef CSLIPDBUS_H
#define CSLIPDBUS_H

#include <dbus/dbus.h>

#include "CSlipLoad.h"

// Prototypes as in libdbus 1.14's <dbus/dbus-bus.h>, dbus-connection.h, dbus-errors.h,
// dbus-memory.h and dbus-message.h.
#define CSLIPDBUS_FUNCTIONS(F, V)                                                                     \
  V(dbus_bus_add_match, (DBusConnection * connection, const char *rule, DBusError *error),            \
    (connection, rule, error))                                                                        \
  F(DBusConnection *, dbus_bus_get_private, (DBusBusType type, DBusError * error), (type, error))     \
  F(dbus_bool_t, dbus_bus_register, (DBusConnection * connection, DBusError * error),                 \
    (connection, error))                                                                              \
  V(dbus_connection_close, (DBusConnection * connection), (connection))                               \
  V(dbus_connection_flush, (DBusConnection * connection), (connection))                               \
  F(dbus_bool_t, dbus_connection_get_is_connected, (DBusConnection * connection), (connection))       \
  F(dbus_bool_t, dbus_connection_get_unix_fd, (DBusConnection * connection, int *fd),                 \
    (connection, fd))                                                                                 \
  F(DBusConnection *, dbus_connection_open_private, (const char *address, DBusError *error),          \
    (address, error))                                                                                 \
  F(DBusMessage *, dbus_connection_pop_message, (DBusConnection * connection), (connection))          \
  F(dbus_bool_t, dbus_connection_read_write, (DBusConnection * connection, int milliseconds),         \
    (connection, milliseconds))                                                                       \
  F(dbus_bool_t, dbus_connection_send,                                                                \
    (DBusConnection * connection, DBusMessage * message, dbus_uint32_t * serial),                     \
    (connection, message, serial))                                                                    \
  F(DBusMessage *, dbus_connection_send_with_reply_and_block,                                         \
    (DBusConnection * connection, DBusMessage * message, int milliseconds, DBusError *error),         \
    (connection, message, milliseconds, error))                                                       \
  V(dbus_connection_set_exit_on_disconnect, (DBusConnection * connection, dbus_bool_t exit),          \
    (connection, exit))                                                                               \
  V(dbus_connection_unref, (DBusConnection * connection), (connection))                               \
  V(dbus_error_free, (DBusError * error), (error))                                                    \
  V(dbus_error_init, (DBusError * error), (error))                                                    \
  F(dbus_bool_t, dbus_error_is_set, (const DBusError *error), (error))                                \
  V(dbus_free, (void *memory), (memory))                                                              \
  F(const char *, dbus_message_get_error_name, (DBusMessage * message), (message))                    \
  F(const char *, dbus_message_get_interface, (DBusMessage * message), (message))                     \
  F(const char *, dbus_message_get_member, (DBusMessage * message), (message))                        \
  F(const char *, dbus_message_get_path, (DBusMessage * message), (message))                          \
  F(dbus_uint32_t, dbus_message_get_reply_serial, (DBusMessage * message), (message))                 \
  F(const char *, dbus_message_get_sender, (DBusMessage * message), (message))                        \
  F(int, dbus_message_get_type, (DBusMessage * message), (message))                                   \
  F(dbus_bool_t, dbus_message_iter_append_basic, (DBusMessageIter * iter, int type, const void *value), \
    (iter, type, value))                                                                              \
  F(dbus_bool_t, dbus_message_iter_append_fixed_array,                                                \
    (DBusMessageIter * iter, int type, const void *value, int count), (iter, type, value, count))     \
  F(dbus_bool_t, dbus_message_iter_close_container, (DBusMessageIter * iter, DBusMessageIter * sub),  \
    (iter, sub))                                                                                      \
  F(int, dbus_message_iter_get_arg_type, (DBusMessageIter * iter), (iter))                            \
  V(dbus_message_iter_get_basic, (DBusMessageIter * iter, void *value), (iter, value))                \
  V(dbus_message_iter_get_fixed_array, (DBusMessageIter * iter, void *value, int *count),             \
    (iter, value, count))                                                                             \
  F(char *, dbus_message_iter_get_signature, (DBusMessageIter * iter), (iter))                        \
  F(dbus_bool_t, dbus_message_iter_init, (DBusMessage * message, DBusMessageIter * iter),             \
    (message, iter))                                                                                  \
  V(dbus_message_iter_init_append, (DBusMessage * message, DBusMessageIter * iter), (message, iter))   \
  F(dbus_bool_t, dbus_message_iter_next, (DBusMessageIter * iter), (iter))                            \
  F(dbus_bool_t, dbus_message_iter_open_container,                                                    \
    (DBusMessageIter * iter, int type, const char *signature, DBusMessageIter *sub),                  \
    (iter, type, signature, sub))                                                                     \
  V(dbus_message_iter_recurse, (DBusMessageIter * iter, DBusMessageIter * sub), (iter, sub))          \
  F(DBusMessage *, dbus_message_new_error,                                                            \
    (DBusMessage * reply_to, const char *name, const char *message), (reply_to, name, message))      \
  F(DBusMessage *, dbus_message_new_method_call,                                                      \
    (const char *destination, const char *path, const char *interface, const char *method),           \
    (destination, path, interface, method))                                                           \
  F(DBusMessage *, dbus_message_new_method_return, (DBusMessage * call), (call))                      \
  V(dbus_message_unref, (DBusMessage * message), (message))

CSLIPDBUS_FUNCTIONS(CSLIP_DECLARE, CSLIP_DECLARE_VOID)

/// Opens libdbus-1.so.3, the first time; NULL when it is there, else why not.
const char *CSlipDBus_load(void);

#endif
