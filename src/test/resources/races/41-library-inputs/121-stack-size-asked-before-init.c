/* expect: racy */
/* issue 35: the shape of a real scanner's start (smtprc's start_scan): it asks pthread_attr_getstacksize of
   attributes it has not initialised yet (glibc reads whatever the storage holds: 0 among its values, for which it
   answers the system's default, an input), then initialises them, sets a stack size and reads it back (the one set:
   weft.exec.Attributes). The explorer once stopped at the first question, so the race behind the threads (main and
   the worker count without a lock) went unconfirmed on the real program; it is confirmed again, in both data models. */
#include <pthread.h>
#include <stdlib.h>

int started;

void *worker(void *arg) {
    started++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_attr_t attr;
    size_t stack_size;
    if (pthread_attr_getstacksize(&attr, &stack_size) != 0) exit(1);
    stack_size = 28672U;
    pthread_attr_init(&attr);
    if (pthread_attr_setstacksize(&attr, stack_size) != 0) exit(1);
    if (pthread_attr_getstacksize(&attr, &stack_size) != 0 || stack_size != 28672U) exit(1);
    pthread_create(&t, &attr, worker, NULL);
    started++; // RACE!
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
    return 0;
}
