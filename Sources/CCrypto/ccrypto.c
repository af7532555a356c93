// OpenSSL's libcrypto, opened on first use: the functions shim.h calls, each forwarding to
// the library's own (CLibraryLoader). Without it every digest fails (shim.h returns 0).
#include "shim.h"
#include "library_loader.h"

static struct clerk_library crypto = CLERK_LIBRARY("libcrypto.so.3");

const char *ccrypto_load_error(void) { return clerk_library_error(&crypto); }

CLERK_FORWARD(crypto, int, EVP_Digest,
              (const void *data, size_t count, unsigned char *md, unsigned int *size, const EVP_MD *type, ENGINE *impl),
              (data, count, md, size, type, impl), 0)
CLERK_FORWARD(crypto, int, EVP_EncodeBlock, (unsigned char *t, const unsigned char *f, int n), (t, f, n), 0)
CLERK_FORWARD(crypto, const EVP_MD *, EVP_sha256, (void), (), NULL)
CLERK_FORWARD(crypto, const EVP_MD *, EVP_get_digestbyname, (const char *name), (name), NULL)
