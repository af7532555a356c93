// libcurl, opened on first use: the functions clerk calls, each forwarding to the library's
// own (CLibraryLoader). A function clerk starts to call must be added here, or the link fails.
#define CURL_DISABLE_TYPECHECK
#include "shim.h"
#include "library_loader.h"

static struct clerk_library curl = CLERK_LIBRARY("libcurl.so.4");

const char *ccurl_load_error(void) { return clerk_library_error(&curl); }

CLERK_FORWARD(curl, CURLcode, curl_global_init, (long flags), (flags), CURLE_FAILED_INIT)
CLERK_FORWARD(curl, CURL *, curl_easy_init, (void), (), NULL)
CLERK_FORWARD(curl, CURLcode, curl_easy_perform, (CURL *h), (h), CURLE_FAILED_INIT)
CLERK_FORWARD_VOID(curl, curl_easy_cleanup, (CURL *h), (h))
CLERK_FORWARD_VOID(curl, curl_easy_reset, (CURL *h), (h))
CLERK_FORWARD(curl, struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *text), (list, text), NULL)
CLERK_FORWARD_VOID(curl, curl_slist_free_all, (struct curl_slist *list), (list))

// The typed wrappers of the two variadic calls: each passes its one argument on to the real
// curl_easy_setopt or curl_easy_getinfo.
#define CCURL_SET(wrapper, type) \
    CURLcode wrapper(CURL *h, CURLoption opt, type value) { \
        return CLERK_CALL(curl, curl_easy_setopt, CURLE_FAILED_INIT, (h, opt, value)); \
    }
#define CCURL_GET(wrapper, type) \
    CURLcode wrapper(CURL *h, CURLINFO info, type *out) { \
        return CLERK_CALL(curl, curl_easy_getinfo, CURLE_FAILED_INIT, (h, info, out)); \
    }

CCURL_SET(ccurl_set_long, long)
CCURL_SET(ccurl_set_string, const char *)
CCURL_SET(ccurl_set_pointer, void *)
CCURL_SET(ccurl_set_slist, struct curl_slist *)
CCURL_SET(ccurl_set_data_function, ccurl_data_fn)
CCURL_SET(ccurl_set_off, curl_off_t)
CCURL_GET(ccurl_get_long, long)
CCURL_GET(ccurl_get_string, char *)
CCURL_GET(ccurl_get_double, double)
CCURL_GET(ccurl_get_off, curl_off_t)

CURLcode ccurl_set_progress_function(CURL *h, ccurl_progress_fn fn) {
    return CLERK_CALL(curl, curl_easy_setopt, CURLE_FAILED_INIT, (h, CURLOPT_XFERINFOFUNCTION, fn));
}
