/* expect: race-free */
/* A worker has read() fill one of two buffers of a struct, through a helper whose length parameter the analysis does
   not follow: the library writes within the buffer it is handed (C11 7.1.4), so it meets neither the pointer field
   between the two buffers nor the counter before them, which main writes meanwhile. */
#include <pthread.h>
#include <unistd.h>

struct {
    int other;
    unsigned char in_buf[64];
    unsigned char *in_next;
    int which;
    unsigned char in_buf2[64];
} g;

static long readn(int desc, unsigned char *buf, long len) {
    return read(desc, buf, len);
}

void *worker(void *arg) {
    readn(0, g.which ? g.in_buf : g.in_buf2, 64);
    return 0;
}

int main(void) {
    pthread_t t;
    g.which = 1;
    pthread_create(&t, 0, worker, 0);
    g.other = 1; // NORACE
    g.in_next = g.in_buf2; // NORACE
    pthread_join(t, 0);
    return 0;
}
