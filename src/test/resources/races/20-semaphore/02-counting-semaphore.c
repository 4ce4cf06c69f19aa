/* expect: racy */
/* With a count of 2, two threads are inside at once. */
#include <pthread.h>
#include <semaphore.h>

int data;
sem_t guard;

void *worker(void *arg) {
    sem_wait(&guard);
    data++; // RACE!
    sem_post(&guard);
    return NULL;
}

int main(void) {
    sem_init(&guard, 0, 2);
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    return 0;
}
