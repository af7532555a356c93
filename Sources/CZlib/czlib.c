// zlib, opened on first use: the functions shim.h calls, each forwarding to the library's
// own (CLibraryLoader). Without it czlib_gzip fails (returns 0) and answers go uncompressed.
#include "shim.h"
#include "library_loader.h"

static struct clerk_library zlib = CLERK_LIBRARY("libz.so.1");

CLERK_FORWARD(zlib, int, deflateInit2_,
              (z_streamp strm, int level, int method, int windowBits, int memLevel, int strategy, const char *version, int stream_size),
              (strm, level, method, windowBits, memLevel, strategy, version, stream_size), Z_VERSION_ERROR)
CLERK_FORWARD(zlib, int, deflate, (z_streamp strm, int flush), (strm, flush), Z_STREAM_ERROR)
CLERK_FORWARD(zlib, int, deflateEnd, (z_streamp strm), (strm), Z_STREAM_ERROR)
CLERK_FORWARD(zlib, uLong, compressBound, (uLong length), (length), 0)
CLERK_FORWARD(zlib, int, inflateInit2_, (z_streamp strm, int windowBits, const char *version, int stream_size),
              (strm, windowBits, version, stream_size), Z_VERSION_ERROR)
CLERK_FORWARD(zlib, int, inflate, (z_streamp strm, int flush), (strm, flush), Z_STREAM_ERROR)
CLERK_FORWARD(zlib, int, inflateEnd, (z_streamp strm), (strm), Z_STREAM_ERROR)
