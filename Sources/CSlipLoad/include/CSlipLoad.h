// CSlipLoad: a shared library opened the first time Slip calls into it, not when slip starts.
//
// Why: libcups, libdbus, libmicrohttpd, SQLite, HarfBuzz and FriBidi bring some thirty more
// shared libraries with them (GnuTLS, Kerberos, Avahi, systemd, GLib), and mapping them,
// relocating them and running their constructors was most of the start of every slip process,
// though only `cups:` printers, BLE, `slip serve` and shaped text use them. CSlipCups, CSlipDBus,
// CSlipHTTP, CSlipSQLite and CSlipShape declare each function Slip calls as a `cslip_`
// trampoline that calls the library's own through a pointer looked up here.
//
// A library is opened once (with dlopen, thread-safe); `CSlipLibrary_load` says why it could not
// be, and Swift calls it before the first trampoline, so a missing library is an error the user
// reads, not a crash. A trampoline reached while its library cannot be loaded stops the process
// with that reason: a bug in Slip, never the user's input.
#ifndef CSLIPLOAD_H
#define CSLIPLOAD_H

#include <pthread.h>
#include <stddef.h>

/// A shared library and the functions Slip looks up in it.
typedef struct CSlipLibrary {
  /// The file dlopen is given, with its ABI version: "libcups.so.2".
  const char *file;
  /// The functions' names, and where their addresses go, in the same order.
  const char *const *names;
  void **functions;
  size_t count;
  pthread_mutex_t lock;
  /// 0 before the first load, 1 loaded, 2 failed (`reason` says why); read atomically.
  int state;
  char reason[384];
} CSlipLibrary;

/// Opens `library` and looks up every function, the first time; NULL when they are all there,
/// else why not ("cannot load libcups.so.2: …"), the same text on every later call.
const char *CSlipLibrary_load(CSlipLibrary *library);

/// The address of the function at `index`, loading the library first if need be.
void *CSlipLibrary_function(CSlipLibrary *library, size_t index);

// The X-macros a library's C file defines its trampolines with. Its list of functions is a
// macro taking two others: F(return type, name, (parameters), (arguments)) for each function
// that returns a value, V(name, (parameters), (arguments)) for each that returns nothing.
#define CSLIP_DECLARE(type, name, parameters, arguments) type cslip_##name parameters;
#define CSLIP_DECLARE_VOID(name, parameters, arguments) void cslip_##name parameters;
#define CSLIP_INDEX(type, name, parameters, arguments) CSLIP_INDEX_##name,
#define CSLIP_INDEX_VOID(name, parameters, arguments) CSLIP_INDEX_##name,
#define CSLIP_NAME(type, name, parameters, arguments) #name,
#define CSLIP_NAME_VOID(name, parameters, arguments) #name,
// The call goes through a pointer of the library's own declared type, so the compiler checks
// each trampoline's arguments against the library's header.
#define CSLIP_CALL(library, name) \
  ((__typeof__(&name))CSlipLibrary_function(&(library), CSLIP_INDEX_##name))
#define CSLIP_DEFINE(type, name, parameters, arguments) \
  type cslip_##name parameters { return CSLIP_CALL(cslip_library, name) arguments; }
#define CSLIP_DEFINE_VOID(name, parameters, arguments) \
  void cslip_##name parameters { CSLIP_CALL(cslip_library, name) arguments; }

/// Defines, in a library's C file, `cslip_library` for `file` and a trampoline for each function
/// of `FUNCTIONS`.
#define CSLIP_LIBRARY(file, FUNCTIONS)                                                     \
  enum { FUNCTIONS(CSLIP_INDEX, CSLIP_INDEX_VOID) CSLIP_FUNCTION_COUNT };                  \
  static const char *const cslip_names[] = {FUNCTIONS(CSLIP_NAME, CSLIP_NAME_VOID)};      \
  static void *cslip_functions[CSLIP_FUNCTION_COUNT];                                      \
  static CSlipLibrary cslip_library = {                                                    \
      file, cslip_names, cslip_functions, CSLIP_FUNCTION_COUNT, PTHREAD_MUTEX_INITIALIZER, \
      0, {0}};                                                                             \
  FUNCTIONS(CSLIP_DEFINE, CSLIP_DEFINE_VOID)

#endif
