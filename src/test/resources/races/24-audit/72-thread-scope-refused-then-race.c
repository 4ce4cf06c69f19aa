/* expect: racy */
/* audit D48: glibc's attribute setters check their argument: pthread_attr_setscope refuses PTHREAD_SCOPE_PROCESS
   (ENOTSUP, Linux has only system scope). The model once took every setter to return 0, so main's fallback, which
   races with the worker, was never run by the exploration, and its proof answered race-free (a wrong true). */
#include <pthread.h>
#include <stdio.h>

int fallback;

static void *worker(void *arg) {
    fallback++; // RACE!
    return arg;
}

int main(void) {
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    if (pthread_attr_setscope(&a, PTHREAD_SCOPE_PROCESS) != 0) fallback++; // RACE!
    pthread_join(t, NULL);
    pthread_attr_destroy(&a);
    printf("%d\n", fallback);
    return 0;
}
