/* expect: racy */
/* issue 35: a program that prepares for signals: an alternate signal stack (sigaltstack; one too small is refused
   with ENOMEM), SIGINT made to interrupt system calls (siginterrupt; SIGKILL refused), nothing pending yet
   (sigpending), and a thread that waits for a signal with pause, which the world need never send: it waits for ever
   (weft.exec.SignalSets). Main and a worker count ticks without a lock behind those answers: confirmed, and the
   reproducer's real calls give the same. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

int ticks;
static char alternate[1 << 16];

void *waiter(void *arg) {
    pause();
    return arg;
}

void *worker(void *arg) {
    ticks++; // RACE!
    return arg;
}

int main(void) {
    pthread_t w, t;
    pthread_create(&w, NULL, waiter, NULL);
    pthread_create(&t, NULL, worker, NULL);
    sigset_t pending;
    stack_t stack = {alternate, 0, sizeof alternate}, small = {alternate, 0, 100};
    if (sigaltstack(&stack, NULL) == 0 && sigaltstack(&small, NULL) == -1 && errno == ENOMEM && siginterrupt(SIGINT, 1) == 0
        && siginterrupt(SIGKILL, 1) == -1 && sigpending(&pending) == 0 && !sigismember(&pending, SIGINT)) {
        ticks++; // RACE!
    }
    pthread_join(t, NULL);
    return 0;
}
