#ifndef CLERK_CCURL_SHIM_H
#define CLERK_CCURL_SHIM_H
// curl_easy_setopt and curl_easy_getinfo are variadic; each argument kind gets a typed
// wrapper here (prefix ccurl_). clerk does not link libcurl: ccurl.c opens libcurl.so.4 on
// the first call (see CLibraryLoader), so only the commands that talk HTTP load it.
#include <curl/curl.h>

/// NULL when libcurl can be loaded, else why not (the soname and dlerror's text).
const char *ccurl_load_error(void);

typedef size_t (*ccurl_data_fn)(char *ptr, size_t size, size_t count, void *user);
typedef int (*ccurl_progress_fn)(void *user, curl_off_t download_total, curl_off_t downloaded, curl_off_t upload_total, curl_off_t uploaded);

CURLcode ccurl_set_long(CURL *h, CURLoption opt, long value);
CURLcode ccurl_set_string(CURL *h, CURLoption opt, const char *value);
CURLcode ccurl_set_pointer(CURL *h, CURLoption opt, void *value);
CURLcode ccurl_set_slist(CURL *h, CURLoption opt, struct curl_slist *value);
CURLcode ccurl_set_data_function(CURL *h, CURLoption opt, ccurl_data_fn fn);
CURLcode ccurl_set_off(CURL *h, CURLoption opt, curl_off_t value);
CURLcode ccurl_set_progress_function(CURL *h, ccurl_progress_fn fn);

CURLcode ccurl_get_long(CURL *h, CURLINFO info, long *out);
CURLcode ccurl_get_string(CURL *h, CURLINFO info, char **out);
CURLcode ccurl_get_double(CURL *h, CURLINFO info, double *out);
CURLcode ccurl_get_off(CURL *h, CURLINFO info, curl_off_t *out);

#endif
