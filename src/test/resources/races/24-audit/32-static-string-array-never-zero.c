/* expect: race-free */
/* the race-free side of 31 (audit D33): the accesses run only where the array's first byte is zero, which it never is; a layer that took the lost literal for zeros would report a race that cannot happen. */
#include <pthread.h>

static char mode[] = "r";
int shared;

static void *worker(void *arg) {
    (void) arg;
    if (mode[0] == 0)
        shared = 1; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    if (mode[0] == 0)
        shared = 2; // NORACE
    pthread_join(t, 0);
    return shared;
}
