#ifndef CLERK_CMICROHTTPD_SHIM_H
#define CLERK_CMICROHTTPD_SHIM_H
// MHD_start_daemon is variadic; the one set of options clerk uses gets a typed wrapper here
// (prefix cmhd_), as do MHD_get_daemon_info and MHD_get_connection_info. clerk does not link
// libmicrohttpd: cmicrohttpd.c opens libmicrohttpd.so.12 on the first call (CLibraryLoader).
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

typedef enum MHD_Result (*cmhd_handler_fn)(void *cls, struct MHD_Connection *connection, const char *url,
                                           const char *method, const char *version, const char *upload_data,
                                           size_t *upload_data_size, void **req_cls);
typedef void (*cmhd_completed_fn)(void *cls, struct MHD_Connection *connection, void **req_cls,
                                  enum MHD_RequestTerminationCode code);
typedef void *(*cmhd_uri_fn)(void *cls, const char *uri, struct MHD_Connection *connection);
typedef enum MHD_Result (*cmhd_value_fn)(void *cls, enum MHD_ValueKind kind, const char *key, const char *value);

/// NULL when libmicrohttpd can be loaded, else why not (the soname and dlerror's text).
const char *cmhd_load_error(void);

/// Starts a daemon listening on `address` with a thread per connection (so a slow answer
/// holds up only its own connection). `uri` sees the raw request target (path and query,
/// still escaped) first; what it returns becomes *req_cls.
struct MHD_Daemon *cmhd_start(const struct sockaddr_in *address, cmhd_handler_fn handler, cmhd_completed_fn completed,
                              cmhd_uri_fn uri, void *cls, unsigned int timeout_seconds, unsigned int connection_limit);

/// The port the daemon is bound to (what port 0 picked), or 0.
uint16_t cmhd_bound_port(struct MHD_Daemon *daemon);

/// Calls `fn` for every request header (MHD_HEADER_KIND).
static inline int cmhd_each_header(struct MHD_Connection *connection, cmhd_value_fn fn, void *cls) {
    return MHD_get_connection_values(connection, MHD_HEADER_KIND, fn, cls);
}

/// Shuts the connection's socket down so that it closes with no answer at all (returning
/// MHD_NO alone makes libmicrohttpd send a 500 page first).
void cmhd_abort_connection(struct MHD_Connection *connection);
#endif
