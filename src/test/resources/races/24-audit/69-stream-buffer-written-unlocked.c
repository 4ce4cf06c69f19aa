/* expect: racy */
/* audit D46, the bound of its precision: the _unlocked forms write a stream without locking it, so two threads writing the standard output with putc_unlocked race on the buffer main handed it, although the buffer belongs to that one stream. weft: imprecise: the explorer stops at a buffer of the program's, so the race is possible, not confirmed (unknown, never true). */
#include <pthread.h>
#include <stdio.h>

static char buf[BUFSIZ];

static void *worker(void *arg) {
    (void) arg;
    putc_unlocked('w', stdout); // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    pthread_create(&t, 0, worker, 0);
    putc_unlocked('m', stdout); // RACE!
    pthread_join(t, 0);
    return 0;
}
