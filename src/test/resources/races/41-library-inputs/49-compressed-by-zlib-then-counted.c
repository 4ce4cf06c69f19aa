/* expect: racy */
/* issue 35: pigz's compressing threads: each thread has its own z_stream (raw deflate, windowBits -15, as pigz
   makes them), compresses its block with Z_BLOCK then Z_SYNC_FLUSH after a deflatePending/deflatePrime pair, checks
   it with crc32, and only when zlib says the block is complete adds its compressed length to a total without a lock.
   The explorer runs zlib itself (the installed libz.so.1, weft.exec.ZlibCalls), so the counted total is reached and
   confirmed; the reproducer links the same zlib (-lz) and replays it. */
#include <pthread.h>
#include <string.h>
#include <zlib.h>

static unsigned long total;   // compressed bytes of all blocks
static unsigned long check;

static void *compress_block(void *arg) {
    unsigned char in[64], out[256];
    memset(in, 'a' + (int) (long) arg, sizeof in);
    z_stream strm;
    strm.zalloc = Z_NULL;
    strm.zfree = Z_NULL;
    strm.opaque = Z_NULL;
    if (deflateInit2(&strm, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return NULL;
    strm.next_in = in;
    strm.avail_in = sizeof in;
    strm.next_out = out;
    strm.avail_out = sizeof out;
    int ret = deflate(&strm, Z_BLOCK);
    unsigned pending;
    int bits;
    if (ret == Z_OK && deflatePending(&strm, &pending, &bits) == Z_OK && (bits & 1))
        deflatePrime(&strm, 10, 2);   // an empty static block: pigz's trick to align the stream
    ret = deflate(&strm, Z_SYNC_FLUSH);
    unsigned long crc = crc32(crc32(0L, Z_NULL, 0), in, sizeof in);
    if (ret == Z_OK && strm.avail_in == 0 && crc != 0) {
        total += sizeof out - strm.avail_out; // RACE!
        check ^= crc;                         // RACE!
    }
    deflateEnd(&strm);
    return NULL;
}

int main(void) {
    if (zlibVersion()[0] != ZLIB_VERSION[0]) return 1;
    pthread_t t[2];
    for (long i = 0; i < 2; i++) pthread_create(&t[i], NULL, compress_block, (void *) i);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return total == 0;
}
