/* expect: racy */
/* issue 35: a worker names a signal with strsignal (glibc's description, a string of the library), asks the descriptor of the standard error stream (fileno: 2) and folds a byte with toascii before setting a flag main sets unlocked; the explorer computes each and confirms the race. */
#include <ctype.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    const char *name = strsignal(SIGTERM);
    if (strcmp(name, "Terminated") == 0 && fileno(stderr) == 2 && toascii(0xc1) == 'A')
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
