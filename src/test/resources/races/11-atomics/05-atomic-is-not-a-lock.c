/* expect: racy */
/* An atomic counter next to plain data does not protect the plain data updated by both threads. */
#include <pthread.h>
#include <stdatomic.h>

atomic_int ops;
int data;

void *worker(void *arg) {
    (void)arg;
    atomic_fetch_add(&ops, 1); // NORACE
    data += 1; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return data + atomic_load(&ops); // NORACE
}
