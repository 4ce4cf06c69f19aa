/* expect: race-free */
/* Two threads each compress their own buffer through their own z_stream (zlib's declarations are written out here, as zlib.h gives them): deflate reads the stream's input and writes its output and its own state, nothing the other thread touches, so main reads both outputs after the joins without a race. */
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

unsigned char in1[64], out1[128], in2[64], out2[128];
unsigned long len1, len2;

void *first(void *arg) {
    (void)arg;
    z_stream strm;
    memset(&strm, 0, sizeof strm);
    if (deflateInit_(&strm, 6, zlibVersion(), (int)sizeof strm) != 0) return NULL; // NORACE
    strm.next_in = in1;
    strm.avail_in = 64;
    strm.next_out = out1;
    strm.avail_out = 128;
    deflate(&strm, 4); // NORACE
    len1 = strm.total_out; // NORACE
    deflateEnd(&strm); // NORACE
    return NULL;
}

void *second(void *arg) {
    (void)arg;
    z_stream strm;
    memset(&strm, 0, sizeof strm);
    if (deflateInit_(&strm, 6, zlibVersion(), (int)sizeof strm) != 0) return NULL; // NORACE
    strm.next_in = in2;
    strm.avail_in = 64;
    strm.next_out = out2;
    strm.avail_out = 128;
    deflate(&strm, 4); // NORACE
    len2 = strm.total_out; // NORACE
    deflateEnd(&strm); // NORACE
    return NULL;
}

int main(void) {
    memset(in1, 'a', sizeof in1);
    memset(in2, 'b', sizeof in2);
    pthread_t t1, t2;
    pthread_create(&t1, NULL, first, NULL);
    pthread_create(&t2, NULL, second, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return out1[0] + out2[0] + (int)(len1 + len2); // NORACE
}
