/* expect: racy */
/* weft: imprecise: the explorer does not execute zlib, so the race is found but not confirmed. A worker compresses a buffer that main goes on filling: deflate reads the input its z_stream points to (zlib's declarations are written out here, as zlib.h gives them) while main writes it. */
#include <pthread.h>
#include <string.h>

typedef void *(*alloc_func)(void *opaque, unsigned items, unsigned size);
typedef void (*free_func)(void *opaque, void *address);
typedef struct z_stream_s {
    const unsigned char *next_in; unsigned avail_in; unsigned long total_in;
    unsigned char *next_out; unsigned avail_out; unsigned long total_out;
    const char *msg; struct internal_state *state;
    alloc_func zalloc; free_func zfree; void *opaque;
    int data_type; unsigned long adler; unsigned long reserved;
} z_stream;
extern const char *zlibVersion(void);
extern int deflateInit_(z_stream *strm, int level, const char *version, int stream_size);
extern int deflate(z_stream *strm, int flush);
extern int deflateEnd(z_stream *strm);

unsigned char in[64], out[128];

void *worker(void *arg) {
    (void)arg;
    z_stream strm;
    memset(&strm, 0, sizeof strm);
    if (deflateInit_(&strm, 6, zlibVersion(), (int)sizeof strm) != 0) return NULL;
    strm.next_in = in;
    strm.avail_in = 64;
    strm.next_out = out;
    strm.avail_out = 128;
    deflate(&strm, 4); // RACE!
    deflateEnd(&strm);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    memset(in, 'a', sizeof in); // RACE!
    pthread_join(t, NULL);
    return out[0];
}
