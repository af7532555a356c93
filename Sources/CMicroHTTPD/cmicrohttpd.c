// libmicrohttpd, opened on first use: the functions clerk calls, each forwarding to the
// library's own (CLibraryLoader). A function clerk starts to call must be added here.
#include "shim.h"
#include "library_loader.h"

static struct clerk_library mhd = CLERK_LIBRARY("libmicrohttpd.so.12");

const char *cmhd_load_error(void) { return clerk_library_error(&mhd); }

CLERK_FORWARD_VOID(mhd, MHD_stop_daemon, (struct MHD_Daemon *daemon), (daemon))
CLERK_FORWARD(mhd, int, MHD_get_connection_values,
              (struct MHD_Connection *connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator, void *cls),
              (connection, kind, iterator, cls), 0)
CLERK_FORWARD(mhd, enum MHD_Result, MHD_queue_response,
              (struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response),
              (connection, status, response), MHD_NO)
CLERK_FORWARD(mhd, struct MHD_Response *, MHD_create_response_from_buffer,
              (size_t size, void *buffer, enum MHD_ResponseMemoryMode mode), (size, buffer, mode), NULL)
CLERK_FORWARD_VOID(mhd, MHD_destroy_response, (struct MHD_Response *response), (response))
CLERK_FORWARD(mhd, enum MHD_Result, MHD_add_response_header,
              (struct MHD_Response *response, const char *header, const char *content), (response, header, content), MHD_NO)

struct MHD_Daemon *cmhd_start(const struct sockaddr_in *address, cmhd_handler_fn handler, cmhd_completed_fn completed,
                              cmhd_uri_fn uri, void *cls, unsigned int timeout_seconds, unsigned int connection_limit) {
    unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL;
    return CLERK_CALL(mhd, MHD_start_daemon, NULL,
                      (flags, 0, NULL, NULL, handler, cls,
                       MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)address,
                       MHD_OPTION_NOTIFY_COMPLETED, completed, cls,
                       MHD_OPTION_URI_LOG_CALLBACK, uri, cls,
                       MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                       MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                       MHD_OPTION_END));
}

uint16_t cmhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = CLERK_CALL(mhd, MHD_get_daemon_info, NULL, (daemon, MHD_DAEMON_INFO_BIND_PORT));
    return info ? info->port : 0;
}

void cmhd_abort_connection(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        CLERK_CALL(mhd, MHD_get_connection_info, NULL, (connection, MHD_CONNECTION_INFO_CONNECTION_FD));
    if (info) shutdown(info->connect_fd, SHUT_RDWR);
}
