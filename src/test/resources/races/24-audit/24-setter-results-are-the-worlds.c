/* expect: racy */
/* D29's review of the table: setters whose result the exploration took for 0 although the implementation or the
   world decides it. glibc refuses a stack below its minimum (EINVAL: 16 KiB here, more elsewhere) and a thread name
   over 15 bytes (ERANGE), so the worker writes the flag and races with main (ThreadSanitizer reports it); the
   exploration proved the program race-free. Now their results are inputs where the program uses them. */
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>

int refused;

void *worker(void *arg) {
    pthread_attr_t a;
    pthread_attr_init(&a);
    int small = pthread_attr_setstacksize(&a, 1024);
    int named = pthread_setname_np(pthread_self(), "a-name-longer-than-fifteen");
    if (small != 0 && named != 0)
        refused = 1; // RACE!
    pthread_attr_destroy(&a);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    refused = 0; // RACE!
    pthread_join(t, 0);
    return refused;
}
