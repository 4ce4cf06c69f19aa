/* expect: race-free */
/* Each thread stores its own buffer under a key; the key's destructor frees it as the thread ends,
   and main reads the total only after joining. */
#include <pthread.h>
#include <stdlib.h>

pthread_key_t key;
int total;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void release(void *v) {
    int *buf = v;
    pthread_mutex_lock(&m);
    total += buf[0]; // NORACE
    pthread_mutex_unlock(&m);
    free(buf);
}

void *worker(void *arg) {
    int *buf = malloc(4 * sizeof *buf);
    buf[0] = 1;
    pthread_setspecific(key, buf);
    return NULL;
}

int main(void) {
    pthread_key_create(&key, release);
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return total; // NORACE
}
