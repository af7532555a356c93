#ifndef CLERK_CZLIB_SHIM_H
#define CLERK_CZLIB_SHIM_H
// deflateInit2 is a macro; this wrapper (prefix czlib_) gzips a whole buffer at once. clerk
// does not link zlib: czlib.c opens libz.so.1 on the first call (CLibraryLoader).
#include <zlib.h>
#include <stddef.h>

/// Gzips `length` bytes of `input` into `output` (of `capacity` bytes); the size written,
/// or 0 when it does not fit or zlib fails.
static inline size_t czlib_gzip(const unsigned char *input, size_t length, unsigned char *output, size_t capacity) {
    z_stream stream = {0};
    if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 0;
    stream.next_in = (unsigned char *)input;
    stream.avail_in = (uInt)length;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int code = deflate(&stream, Z_FINISH);
    size_t written = capacity - stream.avail_out;
    deflateEnd(&stream);
    return code == Z_STREAM_END ? written : 0;
}

/// The most a gzip of `length` bytes can take.
static inline size_t czlib_gzip_bound(size_t length) { return compressBound((uLong)length) + 32; }
#endif
