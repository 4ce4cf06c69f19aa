/* expect: racy */
/* weft: imprecise: the explorer does not execute this library function (errno, static buffers, signal sets, getopt, callbacks), so the race stays possible */
/* The main thread changes the set while the waiter may read it in sigwait. */
#include <pthread.h>
#include <signal.h>

sigset_t set;

void *waiter(void *a) {
    int sig;
    sigwait(&set, &sig); // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    sigemptyset(&set);
    pthread_create(&t, 0, waiter, 0);
    sigaddset(&set, SIGINT); // RACE!
    pthread_join(t, 0);
    return 0;
}
