/* expect: racy */
/* issue 35: a worker registers exit and signal handlers and checks what signal answers (the disposition before: SIG_DFL as a program starts, then its own handler; SIG_ERR for SIGKILL) before setting a flag main sets unlocked; confirmed, and the reproducer returns the witness's dispositions whatever its parent left ignored. */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

static int flag;
static void on_hangup(int s) { (void) s; }
static void at_end(void) { }

static void *worker(void *arg) {
    (void) arg;
    void (*before)(int) = signal(SIGHUP, on_hangup);
    int ok = atexit(at_end) == 0 && before == SIG_DFL && signal(SIGHUP, SIG_IGN) == on_hangup;
    ok = ok && signal(SIGKILL, on_hangup) == SIG_ERR && signal(SIGPIPE, SIG_IGN) != SIG_ERR;
    if (ok)
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
