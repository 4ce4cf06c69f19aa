/* expect: racy */
/* issue 35: a compressor that forks its stream to try two endings (weft.exec.ZlibCalls): deflateCopy copies the whole
   z_stream and gives the copy a state of its own (the installed zlib's), so both streams finish with the same bytes;
   deflateGetDictionary and inflateGetDictionary give the window the installed library holds (a decompressor that
   finished in one call keeps none). The compressor counts
   agreeing forks without a lock while main reads the count: confirmed only through zlib's own answers, and replayed
   with the real zlib. */
#include <pthread.h>
#include <string.h>
#include <zlib.h>

static int forks;

static void *compressor(void *arg) {
    static const char text[] = "weft weft weft weft weft weft weft weft";
    unsigned char out1[128], out2[128], dict[64], back[64];
    z_stream a, b, r;
    memset(&a, 0, sizeof a);
    memset(&r, 0, sizeof r);
    if (deflateInit(&a, 6) != Z_OK) return arg;
    a.next_in = (unsigned char *)text;
    a.avail_in = sizeof text;
    a.next_out = out1;
    a.avail_out = sizeof out1;
    if (deflate(&a, Z_NO_FLUSH) != Z_OK || deflateCopy(&b, &a) != Z_OK) return arg;
    /* the copy goes on where the stream was: what it had written stays in out1 */
    uLong before = a.total_out;
    uInt length = 0;
    if (deflateGetDictionary(&a, dict, &length) != Z_OK || length != sizeof text || memcmp(dict, text, length) != 0) return arg;
    b.next_out = out2;
    b.avail_out = sizeof out2;
    if (deflate(&a, Z_FINISH) != Z_STREAM_END || deflate(&b, Z_FINISH) != Z_STREAM_END) return arg;
    if (a.total_out != b.total_out || memcmp(out1 + before, out2, a.total_out - before) != 0) return arg;
    if (inflateInit(&r) != Z_OK) return arg;
    r.next_in = out1;
    r.avail_in = (uInt)a.total_out;
    r.next_out = back;
    r.avail_out = sizeof back;
    uInt seen = 0;
    if (inflate(&r, Z_FINISH) == Z_STREAM_END && inflateGetDictionary(&r, NULL, &seen) == Z_OK && seen <= sizeof dict
        && memcmp(back, text, sizeof text) == 0) {
        forks++; // RACE!
    }
    inflateEnd(&r);
    deflateEnd(&a);
    deflateEnd(&b);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, compressor, NULL);
    int seen = forks; // RACE!
    pthread_join(t, NULL);
    return seen;
}
