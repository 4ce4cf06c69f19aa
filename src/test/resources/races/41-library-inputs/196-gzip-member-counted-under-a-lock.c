/* expect: race-free */
/* issue 35: the locked twin of 195: the archiver writes the named gzip member (deflateSetHeader) and counts it under
   the statistics' mutex, which the progress thread takes to read the count; the header and the stream are the
   archiver's own. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

static int members;
static pthread_mutex_t stats = PTHREAD_MUTEX_INITIALIZER;

static void *progress(void *arg) {
    pthread_mutex_lock(&stats);
    int n = members; // NORACE
    pthread_mutex_unlock(&stats);
    printf("%d members written\n", n);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, progress, NULL);
    static unsigned char text[] = "weft weft weft weft weft weft weft weft";
    unsigned char out[256];
    z_stream s;
    memset(&s, 0, sizeof s);
    gz_header h;
    memset(&h, 0, sizeof h);
    h.name = (Bytef *) "report.txt";
    h.time = 1700000000;
    h.os = 3;
    if (deflateInit2(&s, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK && deflateSetHeader(&s, &h) == Z_OK) {
        s.next_in = text;
        s.avail_in = sizeof text - 1;
        s.next_out = out;
        s.avail_out = sizeof out;
        int r = deflate(&s, Z_FINISH);
        if (r == Z_STREAM_END && out[0] == 0x1f && out[1] == 0x8b && (out[3] & 0x08) && memcmp(out + 10, "report.txt", 11) == 0
            && out[4] == 0x00 && out[7] == 0x65 && out[9] == 3) {
            pthread_mutex_lock(&stats);
            members++; // NORACE
            pthread_mutex_unlock(&stats);
        }
        deflateEnd(&s);
    }
    pthread_join(t, NULL);
    return 0;
}
