/* expect: race-free */
/* twin of 59: explicit_bzero clears only the three bytes asked for, so the condition never holds. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static int shared;
static void *worker(void *arg) {
    (void) arg;
    shared = 1; // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    char k[8] = "secret";
    explicit_bzero(k, 3);
    if (difftime((time_t) 10, (time_t) 4) == 6.0 && llabs(-5000000000LL) == 5000000000LL && strcoll("abc", "abd") < 0
        && k[0] == 0 && k[3] == 0)
        shared = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
