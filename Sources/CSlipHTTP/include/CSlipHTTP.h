// Why this shim exists: libmicrohttpd takes its daemon options through variadic functions
// (MHD_start_daemon, MHD_get_daemon_info), which Swift cannot call. These two functions pass
// SlipServe's settings as plain arguments, and supply the URL unescaper that keeps escapes so
// Swift can refuse encoded slashes before decoding the path.
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

/// Starts a daemon with `flags` on `address` calling `handler` for each request and `completed`
/// when one is done; NULL when it cannot listen. Escapes in the URL and its arguments are kept.
struct MHD_Daemon *CSlipHTTP_start(unsigned int flags, const struct sockaddr *address,
                                   MHD_AccessHandlerCallback handler, void *handlerContext,
                                   MHD_RequestCompletedCallback completed, void *completedContext,
                                   CSlipHTTPLimits limits);

/// The port `daemon` listens on (the one chosen when asked for port 0); 0 when unknown.
uint16_t CSlipHTTP_port(struct MHD_Daemon *daemon);

#endif
