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

/// Gunzips `length` bytes of `input` (gzip or zlib framing, told apart by their headers) into
/// `output` (of `capacity` bytes), the size written in `*written`: 0 when the whole stream
/// was read, 1 when `output` is too small for it, -1 when it is not a valid stream.
static inline int czlib_gunzip(const unsigned char *input, size_t length, unsigned char *output, size_t capacity, size_t *written) {
    z_stream stream = {0};
    *written = 0;
    if (inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, (int)sizeof(z_stream)) != Z_OK) return -1;
    stream.next_in = (unsigned char *)input;
    stream.avail_in = (uInt)length;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int code = inflate(&stream, Z_FINISH);
    *written = capacity - stream.avail_out;
    int trailing = stream.avail_in != 0;
    inflateEnd(&stream);
    if (code == Z_STREAM_END) return trailing ? -1 : 0;
    if (code == Z_BUF_ERROR && stream.avail_out == 0) return 1;
    return -1;
}

/// The most a gzip of `length` bytes can take.
static inline size_t czlib_gzip_bound(size_t length) { return compressBound((uLong)length) + 32; }
#endif
