/* expect: race-free */
/* audit D46, the precision of its mend: main hands its array to the standard output as the buffer, once, before the workers start; the workers print, each call writing the buffer. Every call that writes a stream locks it first (C11 7.21.2p8), and the buffer belongs to that one stream, so the workers' writes into it are ordered by the stream's lock: no race (weft.race.rules.StreamLockOrders). Without that rule every pair of printf calls was reported as racing on the buffer. */
#include <pthread.h>
#include <stdio.h>

static char outbuf[1 << 16];
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int count;

static void *worker(void *arg) {
    long id = (long) arg;
    for (int i = 0; i < 3; i++) {
        pthread_mutex_lock(&m);
        count++;
        pthread_mutex_unlock(&m);
        printf("worker %ld step %d\n", id, i); // NORACE
    }
    return 0;
}

int main(void) {
    pthread_t t[4];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    for (long i = 0; i < 4; i++)
        pthread_create(&t[i], 0, worker, (void *) i);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], 0);
    printf("%d\n", count); // NORACE
    return 0;
}
