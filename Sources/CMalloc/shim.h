#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H

#include <malloc.h>

/// glibc's `M_TOP_PAD`: how much more than asked each of malloc's heaps grows by at a time
/// (Swift's Glibc module leaves out <malloc.h>). Returns 1 when glibc took the value.
static inline int cmalloc_set_top_pad(int bytes) {
    return mallopt(M_TOP_PAD, bytes);
}

#endif
