/* expect: race-free */
/* issue 35: the shape of 49 with the total counted under a mutex: each thread's z_stream is its own (zlib is
   thread-safe for distinct streams: weft/model/zlib.tsv), so nothing races; the explorer's runs through zlib find
   nothing either. */
#include <pthread.h>
#include <string.h>
#include <zlib.h>

static unsigned long total;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *compress_block(void *arg) {
    unsigned char in[64], out[256];
    memset(in, 'a' + (int) (long) arg, sizeof in);
    z_stream strm;
    memset(&strm, 0, sizeof strm);
    if (deflateInit(&strm, Z_DEFAULT_COMPRESSION) != Z_OK) return NULL;
    strm.next_in = in;
    strm.avail_in = sizeof in;
    strm.next_out = out;
    strm.avail_out = sizeof out;
    if (deflate(&strm, Z_FINISH) == Z_STREAM_END) {
        pthread_mutex_lock(&lock);
        total += strm.total_out; // NORACE
        pthread_mutex_unlock(&lock);
    }
    deflateEnd(&strm);
    return NULL;
}

int main(void) {
    pthread_t t[2];
    for (long i = 0; i < 2; i++) pthread_create(&t[i], NULL, compress_block, (void *) i);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return total == 0;
}
