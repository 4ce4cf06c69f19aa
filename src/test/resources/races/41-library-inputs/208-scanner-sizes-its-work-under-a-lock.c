/* expect: race-free */
/* issue 35: 207's scanner, the deep-scanning flag set and read under a mutex: proved (the attributes
   pthread_getattr_np fills are the caller's own object). */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
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
        pthread_mutex_lock(&lock);
        deep_scan = 1; // NORACE
        pthread_mutex_unlock(&lock);
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
    pthread_mutex_lock(&lock);
    int deep = deep_scan; // NORACE
    pthread_mutex_unlock(&lock);
    if (deep) puts("deep scanning");
    pthread_join(t, NULL);
    return 0;
}
