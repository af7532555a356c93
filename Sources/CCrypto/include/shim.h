#ifndef CLERK_CCRYPTO_SHIM_H
#define CLERK_CCRYPTO_SHIM_H
// OpenSSL's libcrypto for the digests clerk needs: the PKCE S256 challenge, made in one
// place for the client (clerk login) and the server (the emulator's /token) alike, and the
// content checksums of Drive's File resource (md5Checksum, sha1Checksum, sha256Checksum).
// clerk does not link libcrypto: ccrypto.c opens libcrypto.so.3 on the first call
// (CLibraryLoader).
#include <openssl/evp.h>
#include <string.h>

/// NULL when libcrypto can be loaded, else why not (the soname and dlerror's text).
const char *ccrypto_load_error(void);

/// Writes BASE64URL-NOPAD(SHA256(verifier)) and a NUL into `out` (at least 44 bytes);
/// returns its length, or 0 on failure.
static inline int ccrypto_pkce_challenge(const char *verifier, size_t length, char *out, size_t capacity) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int digest_length = 0;
    if (capacity < 45 || !EVP_Digest(verifier, length, digest, &digest_length, EVP_sha256(), NULL)) return 0;
    unsigned char encoded[64];
    int n = EVP_EncodeBlock(encoded, digest, (int)digest_length);
    int written = 0;
    for (int i = 0; i < n && encoded[i] != '='; i++) {
        char c = (char)encoded[i];
        out[written++] = c == '+' ? '-' : (c == '/' ? '_' : c);
    }
    out[written] = 0;
    return written;
}

/// Writes the digest named `name` ("MD5", "SHA1", "SHA256") of `length` bytes at `data` into
/// `out` (at least EVP_MAX_MD_SIZE, 64, bytes); returns its length, or 0 on failure.
static inline int ccrypto_digest(const char *name, const void *data, size_t length, unsigned char *out) {
    const EVP_MD *md = EVP_get_digestbyname(name);
    unsigned int digest_length = 0;
    if (!md || !EVP_Digest(data, length, out, &digest_length, md, NULL)) return 0;
    return (int)digest_length;
}
#endif
