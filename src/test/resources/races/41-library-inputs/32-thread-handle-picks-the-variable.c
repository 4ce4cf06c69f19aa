/* expect: racy */
/* issue 35: the worker's handle decides which variable it writes; both race with main. The witness search gives
   thread n the handle n + 1 (a choice, as POSIX leaves handles unspecified), so the worker (handle 2) writes on_two;
   the reproducer's runtime gives the program the same handles (its wrappers translate them to the real threads), so
   ThreadSanitizer reports the race the witness shows, not the one glibc's aligned handles would pick. */
#include <pthread.h>

int on_two;
int elsewhere;

void *worker(void *arg) {
    if ((unsigned long)pthread_self() % 8 == 2)
        on_two = 1; // RACE!
    else
        elsewhere = 1; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    on_two = 2; // RACE!
    elsewhere = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
