/* expect: racy */
/* explicit_bzero, difftime, llabs and strcoll in the C locale as glibc computes them (issue 35): the count is written only when every result is glibc's. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static int shared;
static void *worker(void *arg) {
    (void) arg;
    shared = 1; // RACE!
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    char k[8] = "secret";
    explicit_bzero(k, 3);
    if (difftime((time_t) 10, (time_t) 4) == 6.0 && llabs(-5000000000LL) == 5000000000LL && strcoll("abc", "abd") < 0
        && k[0] == 0 && k[3] == 'r')
        shared = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
