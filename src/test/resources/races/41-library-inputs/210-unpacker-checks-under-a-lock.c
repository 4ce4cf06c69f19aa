/* expect: race-free */
/* issue 35: 209's unpacker, the verified flag set and read under a mutex: proved (inflateBack's callbacks run in
   the calling thread, inside the call). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

static const char original[] = "spool entry 17: ready; spool entry 17: ready";
static unsigned char packed[256];
static unsigned packed_len, handed;
static unsigned char window[1 << 15];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int verified, pieces, outputs;

static unsigned feed(void *desc, unsigned char **buf) {
    (void)desc;
    if (handed >= packed_len) return 0;
    unsigned n = handed == 0 ? 5 : packed_len - handed;
    *buf = packed + handed;
    handed += n;
    pieces++;
    return n;
}

static int check(void *desc, unsigned char *buf, unsigned len) {
    (void)desc;
    outputs++;
    if (len == sizeof original - 1 && memcmp(buf, original, len) == 0 && pieces == 2) {
        pthread_mutex_lock(&lock);
        verified = 1; // NORACE
        pthread_mutex_unlock(&lock);
    }
    return 0;
}

static void *watcher(void *arg) {
    pthread_mutex_lock(&lock);
    int v = verified; // NORACE
    pthread_mutex_unlock(&lock);
    if (v) puts("archive verified");
    return arg;
}

int main(void) {
    z_stream c;
    memset(&c, 0, sizeof c);
    if (deflateInit2(&c, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return 1;
    c.next_in = (unsigned char *)original;
    c.avail_in = sizeof original - 1;
    c.next_out = packed;
    c.avail_out = sizeof packed;
    deflate(&c, Z_FINISH);
    packed_len = sizeof packed - c.avail_out;
    deflateEnd(&c);
    pthread_t t;
    pthread_create(&t, NULL, watcher, NULL);
    z_stream s;
    memset(&s, 0, sizeof s);
    if (inflateBackInit(&s, 15, window) != Z_OK) return 1;
    s.next_in = Z_NULL;
    s.avail_in = 0;
    int r = inflateBack(&s, feed, NULL, check, NULL);
    inflateBackEnd(&s);
    pthread_join(t, NULL);
    printf("%d %d %d\n", r, pieces, outputs);
    return r == Z_STREAM_END ? 0 : 1;
}
