/* expect: racy */
/* issue 35: an archiver writes a gzip member with a header naming the file (deflateSetHeader: the name, the time,
   the operating system) and checks that zlib put the name's flag and the name into the header it wrote; only then
   does it count the member in a statistic a progress thread reads without a lock. zlib runs for real in Weft (the
   installed library) and in the replay, from the same bytes: confirmed and replayed. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

static int members;

static void *progress(void *arg) {
    printf("%d members written\n", members); // RACE!
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
            members++; // RACE!
        }
        deflateEnd(&s);
    }
    pthread_join(t, NULL);
    return 0;
}
