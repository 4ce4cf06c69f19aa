/* expect: racy */
/* A post by a thread that does not hold the semaphore raises the count to 2. */
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

void *releaser(void *arg) {
    sem_post(&guard);
    return NULL;
}

int main(void) {
    sem_init(&guard, 0, 1);
    pthread_t a, b, c;
    pthread_create(&c, NULL, releaser, NULL);
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    return 0;
}
