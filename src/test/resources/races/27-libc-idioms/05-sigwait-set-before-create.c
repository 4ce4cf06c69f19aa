/* expect: race-free */
/* The signal set is built before the thread exists; the thread only reads it in sigwait. */
#include <pthread.h>
#include <signal.h>

sigset_t set;
int got;

void *waiter(void *a) {
    int sig;
    sigwait(&set, &sig); // NORACE
    got = sig; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    sigemptyset(&set);
    sigaddset(&set, SIGINT); // NORACE
    pthread_sigmask(SIG_BLOCK, &set, 0);
    pthread_create(&t, 0, waiter, 0);
    pthread_join(t, 0);
    return got; // NORACE
}
