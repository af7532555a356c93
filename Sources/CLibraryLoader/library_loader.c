#include "library_loader.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// True when CLERK_TEST_UNLOADABLE names `soname` (a comma-separated list).
static int test_makes_unloadable(const char *soname) {
    const char *list = getenv("CLERK_TEST_UNLOADABLE");
    size_t length = strlen(soname);
    while (list != NULL && *list != 0) {
        const char *end = strchr(list, ',');
        size_t item = end ? (size_t)(end - list) : strlen(list);
        if (item == length && strncmp(list, soname, length) == 0) return 1;
        list = end ? end + 1 : NULL;
    }
    return 0;
}

void *clerk_library_handle(struct clerk_library *library) {
    if (atomic_load_explicit(&library->opened, memory_order_acquire)) return library->handle;
    pthread_mutex_lock(&library->lock);
    if (!atomic_load_explicit(&library->opened, memory_order_relaxed)) {
        if (test_makes_unloadable(library->soname)) {
            snprintf(library->error, sizeof library->error, "%s: cannot open shared object file (CLERK_TEST_UNLOADABLE)", library->soname);
        } else {
            library->handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
            if (library->handle == NULL) {
                const char *why = dlerror();
                snprintf(library->error, sizeof library->error, "%s", why ? why : library->soname);
            }
        }
        atomic_store_explicit(&library->opened, 1, memory_order_release);
    }
    pthread_mutex_unlock(&library->lock);
    return library->handle;
}

void *clerk_library_symbol(struct clerk_library *library, const char *name) {
    void *handle = clerk_library_handle(library);
    return handle ? dlsym(handle, name) : NULL;
}

const char *clerk_library_error(struct clerk_library *library) {
    return clerk_library_handle(library) ? NULL : library->error;
}
