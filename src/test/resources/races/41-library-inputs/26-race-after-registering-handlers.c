/* expect: racy */
/* issue 35: a program in pigz's and pfscan's shape: it sets its locale from the environment, registers a SIGINT
   handler and an exit handler, then two workers update a counter without a lock. A signal that never arrives and
   an exit handler that runs only at the end are runs the explorer may take (recorded: "the handlers registered at
   ... did not run there"); the environment's locale is taken to be C (recorded, and the replay sets LC_ALL=C). */
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

static int jobs;
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig) {
    interrupted = sig;
}

static void at_end(void) {
    interrupted = 0;
}

static void *worker(void *arg) {
    jobs++; // RACE!
    return arg;
}

int main(void) {
    if (setlocale(LC_ALL, "") == NULL)
        return 1;
    signal(SIGINT, on_interrupt);
    atexit(at_end);
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return jobs;
}
