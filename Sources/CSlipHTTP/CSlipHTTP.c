#include "CSlipHTTP.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

CSLIP_LIBRARY("libmicrohttpd.so.12", CSLIPHTTP_FUNCTIONS)

const char *CSlipHTTP_load(void) { return CSlipLibrary_load(&cslip_library); }

// MHD_start_daemon's options, passed on as the va_list its trampoline takes.
static struct MHD_Daemon *CSlipHTTP_start_daemon(unsigned int flags, MHD_AccessHandlerCallback handler,
                                                 void *context, ...) {
  va_list options;
  va_start(options, context);
  struct MHD_Daemon *daemon = cslip_MHD_start_daemon_va(flags, 0, NULL, NULL, handler, context, options);
  va_end(options);
  return daemon;
}

// The sink every daemon's messages go to; the same Swift function for all of them, set at start.
static CSlipHTTPLogSink CSlipHTTP_sink = NULL;

// libmicrohttpd's logger: its printf-style message formatted (and cut) into a line for Swift.
static void CSlipHTTP_log(void *context, const char *format, va_list arguments) {
  CSlipHTTPLogSink sink = CSlipHTTP_sink;
  if (sink == NULL) return;
  char line[512];
  vsnprintf(line, sizeof line, format, arguments);
  sink(context, line);
}

// The unescaper MHD calls for the URL and each argument: it changes nothing, so the Swift
// side sees `%2F` as written and decides (with MHD_http_unescape) once it has refused those.
static size_t CSlipHTTP_keep_escapes(void *context, struct MHD_Connection *connection, char *text) {
  (void)context;
  (void)connection;
  return strlen(text);
}

struct MHD_Daemon *CSlipHTTP_start(unsigned int flags, const struct sockaddr *address,
                                   MHD_AccessHandlerCallback handler, void *handlerContext,
                                   MHD_RequestCompletedCallback completed, void *completedContext,
                                   CSlipHTTPLogSink sink, CSlipHTTPLimits limits) {
  CSlipHTTP_sink = sink;
  // The port (0) is ignored when MHD_OPTION_SOCK_ADDR is given.
  return CSlipHTTP_start_daemon(
      // The logger first, so that libmicrohttpd's messages about the other options reach it.
      flags, handler, handlerContext, MHD_OPTION_EXTERNAL_LOGGER, CSlipHTTP_log,
      handlerContext, MHD_OPTION_SOCK_ADDR, address,
      MHD_OPTION_NOTIFY_COMPLETED, completed, completedContext, MHD_OPTION_CONNECTION_LIMIT,
      limits.connections, MHD_OPTION_CONNECTION_TIMEOUT, limits.timeoutSeconds,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits.memoryBytes, MHD_OPTION_THREAD_STACK_SIZE,
      limits.stackBytes, MHD_OPTION_UNESCAPE_CALLBACK, CSlipHTTP_keep_escapes, NULL,
      // Not MHD_OPTION_LISTENING_ADDRESS_REUSE: it sets SO_REUSEPORT, which would let a second
      // service share the port. MHD's default (SO_REUSEADDR) already lets a restarted service
      // take its port back at once.
      MHD_OPTION_END);
}

uint16_t CSlipHTTP_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = cslip_MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}
