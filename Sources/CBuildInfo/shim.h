#ifndef CBUILDINFO_SHIM_H
#define CBUILDINFO_SHIM_H

/// The commit clerk was built from, as text: defined by the object file `make` links in
/// (`-Xlinker .build/commit/COMMIT.o`, see the Makefile). The reference is weak, so a plain
/// `swift build` — from a clone or from a tarball without `.git` — links without it.
extern const char clerk_build_commit[] __attribute__((weak));

/// The commit, or NULL when the build did not say.
static inline const char *cbuildinfo_commit(void) {
    return &clerk_build_commit[0] != (const char *)0 ? clerk_build_commit : (const char *)0;
}

#endif
