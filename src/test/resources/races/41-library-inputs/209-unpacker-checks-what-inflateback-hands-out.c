/* expect: racy */
/* issue 35: an unpacker decompresses a raw deflate stream with zlib's inflateBack, its input function handing zlib
   the packed bytes in two pieces and its output function checking what zlib hands out; when the text is the one that
   was packed it marks the archive verified, a flag a watcher thread reads without a lock. Reached only when zlib asks
   for input and hands out output as the installed zlib does (the explorer runs it again at each callback):
   confirmed and replayed. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

static const char original[] = "spool entry 17: ready; spool entry 17: ready";
static unsigned char packed[256];
static unsigned packed_len, handed;
static unsigned char window[1 << 15];
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
        verified = 1; // RACE!
    }
    return 0;
}

static void *watcher(void *arg) {
    if (verified) puts("archive verified"); // RACE!
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
