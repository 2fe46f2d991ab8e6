// CMicroHTTPD: GNU libmicrohttpd 0.9.75 (Debian's libmicrohttpd-dev), the HTTP/1.1 server under
// `slip serve`: its headers. Only SlipServe imports it; CSlipHTTP opens the library when a
// service starts.
//
// Why a shim: microhttpd.h needs the socket types declared first (it says so itself), and its
// variadic entry points (MHD_start_daemon, MHD_get_daemon_info) cannot be called from Swift;
// CSlipHTTP's C file calls those.
#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

#endif
