/* expect: race-free */
/* Twin of 01: the call, the write through its result and main's write all hold one mutex. */
#include <pthread.h>

int g;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
extern int *get_ptr(void);

void *t(void *a) {
    pthread_mutex_lock(&m);
    int *q = get_ptr();
    *q = 1; // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    pthread_mutex_lock(&m);
    g = 2; // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}
