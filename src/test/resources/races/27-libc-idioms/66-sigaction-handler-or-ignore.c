/* expect: racy */
/* weft: imprecise: the witness search takes a signal never to arrive, so a handler's race stays possible */
/* The handler a struct sigaction installs is a function of the program on one path and SIG_IGN on the other: the handler may run at any time after the registration, and its unlocked write races with the writes under the mutex (the twin of 65, where the struct holds only SIG_IGN). */
#include <pthread.h>
#include <signal.h>
#include <string.h>

static int shared;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void on_usr(int sig) {
    (void) sig;
    shared = 3; // RACE!
}

static void *worker(void *arg) {
    (void) arg;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = arg ? on_usr : SIG_IGN;
    sigaction(SIGUSR1, &sa, 0);
    pthread_mutex_lock(&m);
    shared = 1; // RACE!
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, &t);
    pthread_mutex_lock(&m);
    shared = 2; // RACE!
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
