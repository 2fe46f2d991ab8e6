// CSlipCups: the libcups functions SlipTransport's CUPS transport calls, as `cslip_` trampolines
// into libcups.so.2, opened the first time a `cups:` printer is used (CSlipLoad says why).
#ifndef CSLIPCUPS_H
#define CSLIPCUPS_H

#include <cups/cups.h>

#include "CSlipLoad.h"

// Prototypes as in CUPS 2.4's <cups/cups.h> and <cups/ipp.h>.
#define CSLIPCUPS_FUNCTIONS(F, V)                                                                      \
  F(ipp_status_t, cupsCancelJob2, (http_t * http, const char *name, int job, int purge),               \
    (http, name, job, purge))                                                                          \
  F(int, cupsCreateJob,                                                                                \
    (http_t * http, const char *name, const char *title, int count, cups_option_t *options),           \
    (http, name, title, count, options))                                                               \
  F(ipp_t *, cupsDoRequest, (http_t * http, ipp_t *request, const char *resource),                     \
    (http, request, resource))                                                                         \
  F(http_encryption_t, cupsEncryption, (void), ())                                                     \
  F(ipp_status_t, cupsFinishDocument, (http_t * http, const char *name), (http, name))                 \
  V(cupsFreeDests, (int count, cups_dest_t *dests), (count, dests))                                    \
  F(int, cupsGetDests2, (http_t * http, cups_dest_t **dests), (http, dests))                           \
  F(ipp_status_t, cupsLastError, (void), ())                                                           \
  F(const char *, cupsLastErrorString, (void), ())                                                     \
  F(const char *, cupsServer, (void), ())                                                              \
  F(http_status_t, cupsStartDocument,                                                                  \
    (http_t * http, const char *name, int job, const char *document, const char *format, int last),    \
    (http, name, job, document, format, last))                                                         \
  F(http_status_t, cupsWriteRequestData, (http_t * http, const char *buffer, size_t length),           \
    (http, buffer, length))                                                                            \
  V(httpClose, (http_t * http), (http))                                                                \
  F(http_t *, httpConnect2,                                                                            \
    (const char *host, int port, http_addrlist_t *addresses, int family, http_encryption_t encryption, \
     int blocking, int milliseconds, int *cancel),                                                     \
    (host, port, addresses, family, encryption, blocking, milliseconds, cancel))                       \
  V(httpSetTimeout, (http_t * http, double timeout, http_timeout_cb_t callback, void *context),        \
    (http, timeout, callback, context))                                                                \
  F(ipp_attribute_t *, ippAddString,                                                                   \
    (ipp_t * ipp, ipp_tag_t group, ipp_tag_t tag, const char *name, const char *language,              \
     const char *value),                                                                               \
    (ipp, group, tag, name, language, value))                                                          \
  V(ippDelete, (ipp_t * ipp), (ipp))                                                                   \
  F(ipp_attribute_t *, ippFindAttribute, (ipp_t * ipp, const char *name, ipp_tag_t tag),               \
    (ipp, name, tag))                                                                                  \
  F(int, ippGetBoolean, (ipp_attribute_t * attribute, int element), (attribute, element))              \
  F(int, ippGetCount, (ipp_attribute_t * attribute), (attribute))                                      \
  F(int, ippGetInteger, (ipp_attribute_t * attribute, int element), (attribute, element))              \
  F(ipp_status_t, ippGetStatusCode, (ipp_t * ipp), (ipp))                                              \
  F(const char *, ippGetString, (ipp_attribute_t * attribute, int element, const char **language),     \
    (attribute, element, language))                                                                    \
  F(ipp_t *, ippNewRequest, (ipp_op_t operation), (operation))                                         \
  F(int, ippPort, (void), ())

CSLIPCUPS_FUNCTIONS(CSLIP_DECLARE, CSLIP_DECLARE_VOID)

/// Opens libcups.so.2, the first time; NULL when it is there, else why not.
const char *CSlipCups_load(void);

#endif
