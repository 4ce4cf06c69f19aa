/* expect: race-free */
/* issue 35, the twin of 73: the worker sets the flag only if signal accepted what Linux refuses (SIGKILL, SIGSTOP, signal 0, glibc's internal 32 and 33); each refusal is computed, so the exploration proves that no run sets it while main does. */
#include <pthread.h>
#include <signal.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    int wrong = signal(SIGKILL, SIG_IGN) != SIG_ERR || signal(SIGSTOP, SIG_IGN) != SIG_ERR || signal(0, SIG_DFL) != SIG_ERR;
    wrong = wrong || signal(32, SIG_IGN) != SIG_ERR || signal(33, SIG_DFL) != SIG_ERR;
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
