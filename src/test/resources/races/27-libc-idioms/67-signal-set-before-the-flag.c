/* expect: racy */
/* issue 35: a worker builds a signal set (sigemptyset, sigaddset, sigismember, as glibc computes them: weft.exec.SignalSets), blocks it, installs SIG_IGN for SIGPIPE, asks about SIGHUP with a null action and sets a flag main also sets, unlocked: the explorer runs through the signal functions and confirms the race. */
#include <pthread.h>
#include <signal.h>
#include <string.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGINT);
    sigaddset(&s, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &s, NULL);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, NULL);
    sigaction(SIGHUP, NULL, NULL); /* only asks: nothing installed, nothing read */
    if (sigismember(&s, SIGTERM) == 1 && sigismember(&s, SIGHUP) == 0)
        flag = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
