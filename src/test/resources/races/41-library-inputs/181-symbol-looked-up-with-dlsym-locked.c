/* expect: race-free */
/* issue 35: the twin of 180: both threads add to the count under one mutex; the function dlsym(RTLD_DEFAULT, ...)
   found (and dlvsym of glibc's x86-64 base version) is called through the pointer outside it, touching only its
   argument. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef size_t (*length_fn)(const char *);
static length_fn real_strlen;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static size_t measured;

static void *worker(void *arg) {
    size_t n = real_strlen("worker line");
    pthread_mutex_lock(&lock);
    measured += n; // NORACE
    pthread_mutex_unlock(&lock);
    return arg;
}

int main(void) {
    real_strlen = (length_fn)dlsym(RTLD_DEFAULT, "strlen");
    length_fn versioned = (length_fn)dlvsym(RTLD_DEFAULT, "strlen", "GLIBC_2.2.5");
    if (real_strlen == NULL || versioned == NULL) return 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    size_t n = real_strlen("main line");
    pthread_mutex_lock(&lock);
    measured += n; // NORACE
    pthread_mutex_unlock(&lock);
    pthread_join(t, NULL);
    printf("%zu\n", measured);
    return 0;
}
