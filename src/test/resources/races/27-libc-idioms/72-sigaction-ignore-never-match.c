/* expect: race-free */
/* issue 35, the twin of 67 with sigaction in the proof: the worker ignores SIGPIPE through a struct sigaction (the handler read once after the registration is SIG_IGN, no function: no handler runs, so the exhaustive exploration goes on past the call) and sets the flag only if sigaction answered otherwise than glibc does (SIGKILL with an action and glibc's internal signal 32 are refused): no run sets it while main does. */
#include <pthread.h>
#include <signal.h>
#include <string.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    int wrong = sigaction(SIGPIPE, &sa, NULL) != 0 || sigaction(SIGKILL, &sa, NULL) != -1 || sigaction(32, &sa, NULL) != -1;
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
