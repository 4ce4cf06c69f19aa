/* expect: racy */
/* issue 35: main opens a zlib stream, compresses a first block, then fills a table by a loop of about 100,000 steps
   before it finishes the stream and starts two threads that count without a lock, once zlib says the stream is
   complete. The search's runs share the single-threaded start (weft.explore.Prefixes): a snapshot of the start holds
   the open stream, so resuming from it copies zlib's native state (deflateCopy) and the run finishes its own copy;
   the count is confirmed and the reproducer replays it with the real zlib. */
#include <pthread.h>
#include <string.h>
#include <zlib.h>

static unsigned char table[20000];
static int finished;

static void *worker(void *arg) {
    (void) arg;
    if (finished) finished++; // RACE!
    return NULL;
}

int main(void) {
    unsigned char in[200], out[512];
    memset(in, 'x', sizeof in);
    z_stream strm;
    memset(&strm, 0, sizeof strm);
    if (deflateInit(&strm, 9) != Z_OK) return 1;
    strm.next_in = in;
    strm.avail_in = 100;
    strm.next_out = out;
    strm.avail_out = sizeof out;
    if (deflate(&strm, Z_SYNC_FLUSH) != Z_OK) return 1;
    for (int i = 0; i < (int) sizeof table; i++) table[i] = (unsigned char) (i * 7);
    strm.avail_in = 100;
    finished = deflate(&strm, Z_FINISH) == Z_STREAM_END && table[3] == 21;
    deflateEnd(&strm);
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return 0;
}
