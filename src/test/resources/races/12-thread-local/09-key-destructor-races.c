/* expect: racy */
/* weft: imprecise: the witness search does not run thread-specific destructors */
/* The destructor updates a global without a lock; it runs in both threads as they end. */
#include <pthread.h>
#include <stdlib.h>

pthread_key_t key;
int released;

void release(void *v) {
    released++; // RACE!
    free(v);
}

void *worker(void *arg) {
    pthread_setspecific(key, malloc(8));
    return NULL;
}

int main(void) {
    pthread_key_create(&key, release);
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return released;
}
