/* expect: racy */
/* issue 35: a server's signal thread (the shape POSIX recommends): main blocks SIGHUP and SIGTERM in every thread and
   one thread takes them with sigwait, counting reloads on SIGHUP until SIGTERM; main resets the count meanwhile,
   without a lock. Which signal arrives is the world's: an input the search chooses among the set's members
   (weft.exec.SignalSets), recorded, and the reproducer's sigwait returns it without waiting. */
#include <pthread.h>
#include <signal.h>

int reloads;
int stopping;

void *signals(void *arg) {
    sigset_t *set = arg;
    int sig;
    while (sigwait(set, &sig) == 0) {
        if (sig == SIGHUP) {
            reloads++; // RACE!
        } else {
            stopping = 1; // NORACE
            return NULL;
        }
    }
    return NULL;
}

int main(void) {
    static sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    pthread_t t;
    pthread_create(&t, NULL, signals, &set);
    reloads = 0; // RACE!
    pthread_join(t, NULL);
    return stopping ? 0 : 1; // NORACE
}
