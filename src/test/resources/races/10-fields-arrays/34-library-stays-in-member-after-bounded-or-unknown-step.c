/* expect: race-free */
/* A worker moves bytes within one buffer of a struct at a position known only to be small (memmove(p + part, p, n))
   and has read() fill the other buffer from an unknown position on, both of lengths the analysis does not know:
   pointer arithmetic and the library stay in the array the pointer points into (C11 6.5.6p8, 7.1.4), so neither
   meets the pointer and the counters after the buffers, which main updates meanwhile. */
#include <pthread.h>
#include <string.h>
#include <unistd.h>

struct {
    unsigned char in_buf[64];
    unsigned char *in_next;
    unsigned long in_left;
    unsigned char in_buf2[64];
    unsigned long out_tot;
} g;

void *worker(void *arg) {
    unsigned long n = (unsigned long)arg;
    unsigned long part = n & 3;
    unsigned char *p = g.in_buf;
    memmove(p + part, p, n);
    read(0, g.in_buf2 + n % 64, n);
    return 0;
}

int main(int argc, char **argv) {
    pthread_t t;
    pthread_create(&t, 0, worker, (void *)(unsigned long)argc);
    g.in_next = g.in_buf; // NORACE
    g.in_left = 0; // NORACE
    g.out_tot += 1; // NORACE
    pthread_join(t, 0);
    return 0;
}
