#ifndef CLERK_CMICROHTTPD_SHIM_H
#define CLERK_CMICROHTTPD_SHIM_H
// MHD_start_daemon is variadic; the one set of options clerk uses gets a typed wrapper here
// (prefix cmhd_), as does the union that MHD_get_daemon_info returns.
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

/// Starts a daemon listening on `address` with a thread per connection (so a slow answer
/// holds up only its own connection). `uri` sees the raw request target (path and query,
/// still escaped) first; what it returns becomes *req_cls.
static inline struct MHD_Daemon *cmhd_start(const struct sockaddr_in *address,
                                            cmhd_handler_fn handler, cmhd_completed_fn completed,
                                            cmhd_uri_fn uri, void *cls, unsigned int timeout_seconds,
                                            unsigned int connection_limit) {
    unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL;
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, cls,
                            MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, cls,
                            MHD_OPTION_URI_LOG_CALLBACK, uri, cls,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_END);
}

/// The port the daemon is bound to (what port 0 picked), or 0.
static inline uint16_t cmhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// Calls `fn` for every request header (MHD_HEADER_KIND).
static inline int cmhd_each_header(struct MHD_Connection *connection, cmhd_value_fn fn, void *cls) {
    return MHD_get_connection_values(connection, MHD_HEADER_KIND, fn, cls);
}

/// Shuts the connection's socket down so that it closes with no answer at all (returning
/// MHD_NO alone makes libmicrohttpd send a 500 page first).
static inline void cmhd_abort_connection(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (info) shutdown(info->connect_fd, SHUT_RDWR);
}
#endif
