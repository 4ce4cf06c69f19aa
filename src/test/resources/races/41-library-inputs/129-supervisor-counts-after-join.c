/* expect: race-free */
/* issue 35: a supervisor's signals (weft.exec.SignalSets): the watcher thread checks that the helper daemon whose
   pid it was given is alive (kill with signal 0: another process's answer, the world's, chosen and recorded), asks
   it to reload (sigqueue of SIGHUP: taken or refused), and pokes the program itself with signals that do nothing
   (SIGUSR1, which main ignores; SIGWINCH and SIGURG, ignored by default, through pthread_kill and killpg of its own
   group; signal 0 to itself). When the helper is gone it counts a restart. 128's twin: main reads the count only after joining the
   watcher, so whatever the helper answers, nothing races. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

static int restarts;

static void *watcher(void *arg) {
    pid_t helper = *(pid_t *) arg;
    raise(SIGUSR1);
    pthread_kill(pthread_self(), SIGWINCH);
    killpg(0, SIGURG);
    if (kill(getpid(), 0) != 0) return 0;
    union sigval v = {.sival_int = 1};
    if (kill(helper, 0) == -1 && errno == ESRCH)
        restarts++; // NORACE
    else
        sigqueue(helper, SIGHUP, v);
    return 0;
}

int main(void) {
    static pid_t helper = 4242;
    signal(SIGUSR1, SIG_IGN);
    pthread_t t;
    pthread_create(&t, 0, watcher, &helper);
    pthread_join(t, 0);
    int seen = restarts; // NORACE
    return seen;
}
