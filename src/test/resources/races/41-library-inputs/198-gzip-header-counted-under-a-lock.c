/* expect: race-free */
/* issue 35: the locked twin of 197: the gzip reader fills the member's header (inflateGetHeader) and counts the
   member under the statistics' mutex, which the progress thread takes to read the count. */
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
    printf("%d members read\n", n);
    return arg;
}

static unsigned long digest(const gz_header *h, const unsigned char *extra, const unsigned char *name, const unsigned char *comment) {
    unsigned long d = (unsigned long) h->text * 3 + h->time * 5 + (unsigned long) h->xflags * 7 + (unsigned long) h->os * 11
                      + h->extra_len * 13 + (unsigned long) h->hcrc * 17 + (unsigned long) (h->done + 2) * 19;
    for (int i = 0; i < 8; i++) d = d * 31 + extra[i];
    for (int i = 0; i < 8; i++) d = d * 31 + name[i];
    for (int i = 0; i < 32; i++) d = d * 31 + comment[i];
    return d;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, progress, NULL);
    static unsigned char text[] = "the quick brown fox jumps over the lazy dog";
    static unsigned char xf[] = {'W', 'F', 2, 0, 'o', 'k'};
    unsigned char packed[256], out[128];
    z_stream d;
    memset(&d, 0, sizeof d);
    gz_header w;
    memset(&w, 0, sizeof w);
    w.text = 1;
    w.time = 1234567;
    w.os = 3;
    w.extra = xf;
    w.extra_len = sizeof xf;
    w.name = (Bytef *) "a-rather-long-name.txt";
    w.comment = (Bytef *) "made by weft";
    w.hcrc = 1;
    if (deflateInit2(&d, 9, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) != Z_OK || deflateSetHeader(&d, &w) != Z_OK) return 1;
    d.next_in = text;
    d.avail_in = sizeof text - 1;
    d.next_out = packed;
    d.avail_out = sizeof packed;
    if (deflate(&d, Z_FINISH) != Z_STREAM_END) return 1;
    unsigned packedLen = sizeof packed - d.avail_out;
    deflateEnd(&d);

    z_stream s;
    memset(&s, 0, sizeof s);
    gz_header h;
    unsigned char extra[8], name[8], comment[32];
    memset(&h, 0, sizeof h);
    memset(extra, 0x55, sizeof extra);
    memset(name, 0x55, sizeof name);
    memset(comment, 0x55, sizeof comment);
    h.extra = extra;
    h.extra_max = 4;
    h.name = name;
    h.name_max = sizeof name;
    h.comment = comment;
    h.comm_max = sizeof comment;
    if (inflateInit2(&s, 15 + 32) != Z_OK || inflateGetHeader(&s, &h) != Z_OK) return 1;
    unsigned fed = 0;
    int r = Z_OK;
    while (r == Z_OK && fed < packedLen) {
        unsigned chunk = fed < 30 ? 3 : packedLen - fed;
        s.next_in = packed + fed;
        s.avail_in = chunk;
        s.next_out = out;
        s.avail_out = sizeof out;
        r = inflate(&s, Z_NO_FLUSH);
        fed += chunk - s.avail_in;
    }
    unsigned long got = digest(&h, extra, name, comment);
    if (r == Z_STREAM_END && got == 13146752933621095973UL) {
        pthread_mutex_lock(&stats);
        members++; // NORACE
        pthread_mutex_unlock(&stats);
    }
    inflateEnd(&s);
    pthread_join(t, NULL);
    return 0;
}
