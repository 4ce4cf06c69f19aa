/* expect: race-free */
/* issue 35, the twin of 67: the worker sets the flag only if a stream's indicators or buffering answer otherwise than glibc does (nothing read yet: no end of file, no error; clearerr leaves both clear; setvbuf refuses a mode that is none of the three); no run sets it while main does, which the exploration proves. */
#include <pthread.h>
#include <stdio.h>

static int flag;

static void *worker(void *arg) {
    (void) arg;
    clearerr(stdin);
    int wrong = feof(stdin) || ferror(stdin) || setvbuf(stdout, NULL, 7, 0) == 0
            || setvbuf(stderr, NULL, _IONBF, 0) != 0;
    if (wrong)
        flag = 1; // NORACE
    return 0;
}

int main(void) {
    setbuf(stdout, NULL);
    putchar_unlocked('\n');
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
