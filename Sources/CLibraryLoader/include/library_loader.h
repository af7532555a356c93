#ifndef CLERK_LIBRARY_LOADER_H
#define CLERK_LIBRARY_LOADER_H
// Shared libraries opened on first use. clerk links none of the C libraries a command may
// not need (libcurl, libmicrohttpd, libical, libedit, libcrypto, zlib): each C target
// defines the functions clerk calls as forwarders that dlopen the library by its soname the
// first time one is called, so `clerk --version` or a local agenda never loads libcurl's
// tree of TLS, Kerberos and LDAP libraries, nor libical's ICU. For the C sources of those
// targets only; Swift sees their shim.h.
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

/// One library: its soname and, once asked for, its handle or why it could not be opened.
struct clerk_library {
    const char *soname;
    pthread_mutex_t lock;
    atomic_int opened;
    void *handle;
    char error[512];
};

#define CLERK_LIBRARY(soname) { soname, PTHREAD_MUTEX_INITIALIZER, 0, NULL, { 0 } }

/// The library's handle, opened (RTLD_NOW | RTLD_LOCAL) the first time; NULL when it cannot
/// be. The environment variable CLERK_TEST_UNLOADABLE, a list of sonames, makes those fail
/// as if they were not installed: the tests' way to see the error a missing one gives.
void *clerk_library_handle(struct clerk_library *library);

/// `name` in the library, or NULL when the library or the symbol is missing.
void *clerk_library_symbol(struct clerk_library *library, const char *name);

/// NULL when the library can be loaded, else dlerror's text (the soname, and why not).
const char *clerk_library_error(struct clerk_library *library);

/// The real `name` in `library`, looked up once per use site (thread-safe; a race only
/// looks it up twice) and typed like the header's declaration; NULL when it is missing.
#define CLERK_SYMBOL(library, name) ({ \
    static _Atomic(__typeof__(&name)) clerk_cached_; \
    __typeof__(&name) clerk_fn_ = atomic_load_explicit(&clerk_cached_, memory_order_acquire); \
    if (clerk_fn_ == NULL) { \
        clerk_fn_ = (__typeof__(&name))clerk_library_symbol(&(library), #name); \
        if (clerk_fn_ != NULL) atomic_store_explicit(&clerk_cached_, clerk_fn_, memory_order_release); \
    } \
    clerk_fn_; })

/// Calls the real `name` with `args` (in parentheses), or gives `failed` when the library
/// is missing: the value the function itself returns for a failure, so that callers that
/// did not ask `*_load_error()` first still see an ordinary failure, not a crash.
#define CLERK_CALL(library, name, failed, args) ({ \
    __typeof__(&name) clerk_real_ = CLERK_SYMBOL(library, name); \
    clerk_real_ != NULL ? clerk_real_ args : (failed); })

/// Defines `type name params` as a forwarder to the library's own `name`.
#define CLERK_FORWARD(library, type, name, params, args, failed) \
    type name params { return CLERK_CALL(library, name, failed, args); }

/// The same for a function returning void (nothing happens when the library is missing).
#define CLERK_FORWARD_VOID(library, name, params, args) \
    void name params { \
        __typeof__(&name) clerk_real_ = CLERK_SYMBOL(library, name); \
        if (clerk_real_ != NULL) clerk_real_ args; \
    }

#endif
