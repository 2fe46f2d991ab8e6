// Why this shim exists: libmicrohttpd takes its daemon options through variadic functions
// (MHD_start_daemon, MHD_get_daemon_info), which Swift cannot call. These two functions pass
// SlipServe's settings as plain arguments, and supply the URL unescaper that keeps escapes so
// Swift can refuse encoded slashes before decoding the path, and the logger, whose format and
// va_list Swift cannot take either: it formats each message into a buffer for Swift.
#ifndef CSLIPHTTP_H
#define CSLIPHTTP_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

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
