/* expect: racy */
/* The racy twin of 15: the same uninitialised position, but main writes a byte of the member array itself, which
   memmove(p + part, p, n) may reach (part = 0, n = argc = 1 writes g.in_buf[0]). */
#include <pthread.h>
#include <string.h>

struct {
    unsigned char in_buf[64];
    unsigned char *in_next;
    unsigned long in_left;
} g;

void *worker(void *arg) {
    unsigned long n = (unsigned long)arg;
    unsigned long part;
    unsigned char *p = g.in_buf;
    memmove(p + part, p, n); // RACE!
    return 0;
}

int main(int argc, char **argv) {
    (void)argv;
    pthread_t t;
    pthread_create(&t, 0, worker, (void *)(unsigned long)argc);
    g.in_buf[0] = 1; // RACE!
    g.in_left = 0; // NORACE
    pthread_join(t, 0);
    return 0;
}
