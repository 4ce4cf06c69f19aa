/* expect: racy */
/* weft: imprecise: the explorer does not execute zlib, so the race stays possible */
/* zlib's deflate reads and writes what each thread's own stream reaches; one stream's output buffer is the buffer the other thread writes */
#include <pthread.h>
#include <string.h>
#include <zlib.h>

unsigned char in1[64], out1[64], in2[64], shared_out[64];
z_stream s1, s2;

static void squeeze(z_stream *s) {
    deflate(s, Z_FINISH); // RACE!
}

void *first(void *arg) {
    squeeze(&s1);
    return 0;
}

void *second(void *arg) {
    shared_out[0] = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    deflateInit(&s1, 6);
    s1.next_in = in1;
    s1.avail_in = sizeof in1;
    s1.next_out = shared_out;
    s1.avail_out = sizeof shared_out;
    pthread_create(&t1, 0, first, 0);
    pthread_create(&t2, 0, second, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}
