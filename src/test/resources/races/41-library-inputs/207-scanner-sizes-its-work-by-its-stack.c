/* expect: racy */
/* issue 35: a scanner starts its worker with a stack of 256 KiB and the worker asks glibc how it runs
   (pthread_getattr_np on itself: joinable, inheriting main's scheduling, a guard of a page, the stack it was given);
   when the stack is big enough for its recursive matcher it turns deep scanning on, a flag main reads while the worker
   runs, without a lock. main asks for its own attributes first (its stack's size is the world's: an input). Reached only
   when the attributes are glibc's: confirmed, and replayed with the witness's answers set in the real attributes. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>

static int deep_scan;

static size_t own_stack(size_t *guard, int *detached, int *inherits) {
    pthread_attr_t a;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &a) != 0) return 0;
    pthread_attr_getstacksize(&a, &size);
    pthread_attr_getguardsize(&a, guard);
    pthread_attr_getdetachstate(&a, detached);
    pthread_attr_getinheritsched(&a, inherits);
    pthread_attr_destroy(&a);
    return size;
}

static void *scanner(void *arg) {
    size_t guard = 0;
    int detached = -1, inherits = -1;
    size_t stack = own_stack(&guard, &detached, &inherits);
    if (stack == 256 * 1024 && guard == 4096 && detached == PTHREAD_CREATE_JOINABLE && inherits == PTHREAD_INHERIT_SCHED) {
        deep_scan = 1; // RACE!
    }
    return arg;
}

int main(void) {
    size_t guard = 1;
    int detached = -1, inherits = -1;
    size_t mine = own_stack(&guard, &detached, &inherits);
    printf("main runs on a stack of %zu bytes\n", mine);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 256 * 1024);
    pthread_t t;
    if (pthread_create(&t, &attr, scanner, NULL) != 0) return 1;
    pthread_attr_destroy(&attr);
    if (deep_scan) puts("deep scanning"); // RACE!
    pthread_join(t, NULL);
    return 0;
}
