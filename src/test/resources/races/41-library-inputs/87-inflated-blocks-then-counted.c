/* expect: racy */
/* issue 35: pigz's decompressing side: main packs a block once with compress2 (zlib's one-call form) and checks it
   with uncompress; each worker inflates the block again with its own z_stream and, only when zlib says the stream
   ended with every byte given back, adds the length to a total without a lock. The explorer runs the installed zlib
   (inflate included, weft.exec.ZlibCalls), so the total is reached and the race confirmed; the reproducer links the
   same zlib (-lz). */
#include <pthread.h>
#include <string.h>
#include <zlib.h>

static unsigned char packed[256];
static uLongf packed_len;
static unsigned long total;

static void *worker(void *arg) {
    unsigned char out[128];
    z_stream s;
    memset(&s, 0, sizeof s);
    if (inflateInit(&s) != Z_OK) return NULL;
    s.next_in = packed;
    s.avail_in = (uInt) packed_len;
    s.next_out = out;
    s.avail_out = sizeof out;
    int r = inflate(&s, Z_FINISH);
    unsigned long got = s.total_out;
    inflateEnd(&s);
    if (r == Z_STREAM_END && got == 100 && out[99] == 'q') total += got; // RACE!
    return arg;
}

int main(void) {
    unsigned char block[100], check[100];
    memset(block, 'q', sizeof block);
    packed_len = sizeof packed;
    if (compress2(packed, &packed_len, block, sizeof block, Z_BEST_COMPRESSION) != Z_OK) return 1;
    uLongf n = sizeof check;
    if (uncompress(check, &n, packed, packed_len) != Z_OK || n != sizeof block) return 1;
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return total == 200 ? 0 : 2;
}
