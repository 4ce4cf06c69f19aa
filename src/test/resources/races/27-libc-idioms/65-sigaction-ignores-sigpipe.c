/* expect: race-free */
/* A worker sets SIGPIPE's disposition to SIG_IGN through a struct sigaction before taking the lock: the handler read from the struct is an integer constant, no function of the program, so no handler thread runs (the pointer analysis once took the empty handler for one it could not follow, and the answer was unknown); every access of 'shared' holds the mutex. */
#include <pthread.h>
#include <signal.h>
#include <string.h>

static int shared;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    (void) arg;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, 0);
    pthread_mutex_lock(&m);
    shared = 1; // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    shared = 2; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return shared == 0;
}
