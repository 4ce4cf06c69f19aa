/* expect: race-free */
/* issue 35, the twin of 75: the worker sets the flag only if strsignal, fileno or toascii answered otherwise than glibc does (SIGINT is "Interrupt", the standard streams are descriptors 0, 1 and 2); no run sets it while main does, which the exploration proves. */
#include <ctype.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    int wrong = strcmp(strsignal(SIGINT), "Interrupt") != 0 || fileno(stdin) != 0 || fileno(stdout) != 1
            || toascii(0x80) != 0 || toascii('z') != 'z';
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
