/* expect: racy */
/* audit D45, its regression: pthread_sigmask and sigprocmask read the set they are given (the kernel its first word), which the library table said, but the explorer's model of them recorded no access: a worker adding a signal to the set while main blocked the set raced, and the exploration proved the program race-free (the final answer too). The explorer reads the set's first word now (the rest for proofs). */
#include <pthread.h>
#include <signal.h>

static sigset_t set;

static void *worker(void *arg) {
    (void) arg;
    sigaddset(&set, SIGUSR1); // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    sigemptyset(&set);
    pthread_create(&t, 0, worker, 0);
    pthread_sigmask(SIG_BLOCK, &set, 0); // RACE!
    pthread_join(t, 0);
    return 0;
}
