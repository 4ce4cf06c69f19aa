/* expect: racy */
/* issue 35: a logging shim finds the C library's strlen through dlsym(RTLD_NEXT, ...) (the interposer's idiom) and
   counts the bytes its worker measures without a lock, while main counts too. dlsym of a function the installed glibc
   defines, and the program does not, answers that function: the worker calls it through the pointer and the race on
   the count is confirmed. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef size_t (*length_fn)(const char *);
static length_fn real_strlen;
static size_t measured;

static void *worker(void *arg) {
    measured += real_strlen("worker line"); // RACE!
    return arg;
}

int main(void) {
    real_strlen = (length_fn)dlsym(RTLD_NEXT, "strlen");
    if (real_strlen == NULL) {
        fprintf(stderr, "%s\n", dlerror());
        return 1;
    }
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    measured += real_strlen("main line"); // RACE!
    pthread_join(t, NULL);
    printf("%zu\n", measured);
    return 0;
}
