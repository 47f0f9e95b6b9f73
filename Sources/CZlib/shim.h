#include <zlib.h>

// zlib's init calls are macros that pass the library's version and the stream's size; Swift sees
// no macros with arguments, so each is wrapped once here.
static inline int czlib_inflate_init(z_stream *stream) {
    return inflateInit(stream);
}

static inline int czlib_deflate_init(z_stream *stream, int level) {
    return deflateInit(stream, level);
}
