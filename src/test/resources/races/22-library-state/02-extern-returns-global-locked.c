/* expect: race-free */
/* Twin of 01: the unknown function runs before any thread starts (it may release locks, so it is not called under one); the write through its result and main's write both hold one mutex. */
#include <pthread.h>

int g;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
extern int *get_ptr(void);
int *q;

void *t(void *a) {
    pthread_mutex_lock(&m);
    *q = 1; // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t a;
    q = get_ptr();
    pthread_create(&a, 0, t, 0);
    pthread_mutex_lock(&m);
    g = 2; // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}
