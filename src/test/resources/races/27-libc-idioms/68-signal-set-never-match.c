/* expect: race-free */
/* issue 35, the twin of 67: the worker sets the flag only if glibc's signal sets answered otherwise than they do (sigaddset refuses glibc's internal signal 32 and signal 0 with -1, sigfillset leaves 32 and 33 out, sigdelset removes): no run sets it while main does, which the exploration proves. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    sigset_t s, f;
    sigemptyset(&s);
    sigfillset(&f);
    sigdelset(&f, SIGUSR1);
    int wrong = sigaddset(&s, 32) != -1 || sigaddset(&s, 0) != -1 || sigaddset(&s, SIGUSR2) != 0
            || sigismember(&s, SIGUSR2) != 1 || sigismember(&f, 33) != 0 || sigismember(&f, SIGUSR1) != 0
            || sigismember(&f, 64) != 1 || sigismember(&s, 65) != -1 || sigisemptyset(&s);
    if (wrong)
        flag = 1; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
