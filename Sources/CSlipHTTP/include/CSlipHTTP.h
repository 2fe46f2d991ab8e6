// Why this shim exists: libmicrohttpd takes its daemon options through variadic functions
// (MHD_start_daemon, MHD_get_daemon_info), which Swift cannot call. These two functions pass
// SlipServe's settings as plain arguments, and supply the URL unescaper that keeps escapes so
// Swift can refuse encoded slashes before decoding the path, and the logger, whose format and
// va_list Swift cannot take either: it formats each message into a buffer for Swift.
#ifndef CSLIPHTTP_H
#define CSLIPHTTP_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

#include "CSlipLoad.h"

// The libmicrohttpd functions SlipServe calls, as `cslip_` trampolines into libmicrohttpd.so.12,
// opened the first time a service starts (CSlipLoad says why); prototypes as in 0.9.75's
// <microhttpd.h>. The two variadic ones are called from the C file only: the daemon starts
// through MHD_start_daemon_va, and MHD_get_daemon_info is asked only what needs no more arguments.
#define CSLIPHTTP_FUNCTIONS(F, V)                                                                 \
  F(enum MHD_Result, MHD_add_response_header,                                                     \
    (struct MHD_Response * response, const char *header, const char *content),                    \
    (response, header, content))                                                                  \
  F(struct MHD_Response *, MHD_create_response_from_buffer,                                       \
    (size_t size, void *buffer, enum MHD_ResponseMemoryMode mode), (size, buffer, mode))          \
  F(struct MHD_Response *, MHD_create_response_from_callback,                                     \
    (uint64_t size, size_t block, MHD_ContentReaderCallback reader, void *context,                \
     MHD_ContentReaderFreeCallback free),                                                         \
    (size, block, reader, context, free))                                                         \
  V(MHD_destroy_response, (struct MHD_Response * response), (response))                           \
  F(int, MHD_get_connection_values,                                                               \
    (struct MHD_Connection * connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator,  \
     void *context),                                                                              \
    (connection, kind, iterator, context))                                                        \
  F(const union MHD_DaemonInfo *, MHD_get_daemon_info,                                            \
    (struct MHD_Daemon * daemon, enum MHD_DaemonInfoType type), (daemon, type))                   \
  F(size_t, MHD_http_unescape, (char *text), (text))                                              \
  F(enum MHD_Result, MHD_queue_response,                                                          \
    (struct MHD_Connection * connection, unsigned int status, struct MHD_Response *response),     \
    (connection, status, response))                                                               \
  F(struct MHD_Daemon *, MHD_start_daemon_va,                                                     \
    (unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback accept, void *accept_context,    \
     MHD_AccessHandlerCallback handler, void *handler_context, va_list options),                  \
    (flags, port, accept, accept_context, handler, handler_context, options))                     \
  V(MHD_stop_daemon, (struct MHD_Daemon * daemon), (daemon))

CSLIPHTTP_FUNCTIONS(CSLIP_DECLARE, CSLIP_DECLARE_VOID)

/// Opens libmicrohttpd.so.12, the first time; NULL when it is there, else why not.
const char *CSlipHTTP_load(void);

/// The limits a daemon runs with.
typedef struct CSlipHTTPLimits {
  /// The most connections open at once; more are accepted and closed at once.
  unsigned int connections;
  /// Seconds a connection may stay silent before it is closed.
  unsigned int timeoutSeconds;
  /// Bytes each connection may use for its request line and headers (and read buffer): past
  /// it the request is refused with 431 (or 414 for the request line).
  size_t memoryBytes;
  /// Stack bytes of each connection's thread.
  size_t stackBytes;
} CSlipHTTPLimits;

/// Where libmicrohttpd's own messages go (a request it refused itself, a client gone), one
/// formatted line at a time, with the context the daemon was started with.
typedef void (*CSlipHTTPLogSink)(void *context, const char *line);

/// Starts a daemon with `flags` on `address` calling `handler` for each request and `completed`
/// when one is done, its own messages to `sink` with `handlerContext`; NULL when it cannot
/// listen. Escapes in the URL and its arguments are kept.
struct MHD_Daemon *CSlipHTTP_start(unsigned int flags, const struct sockaddr *address,
                                   MHD_AccessHandlerCallback handler, void *handlerContext,
                                   MHD_RequestCompletedCallback completed, void *completedContext,
                                   CSlipHTTPLogSink sink, CSlipHTTPLimits limits);

/// The port `daemon` listens on (the one chosen when asked for port 0); 0 when unknown.
uint16_t CSlipHTTP_port(struct MHD_Daemon *daemon);

#endif
