/* expect: race-free */
/* A semaphore initialised to 1, waited on before and posted after the update, is a mutex. */
#include <pthread.h>
#include <semaphore.h>

int data;
sem_t guard;

void *worker(void *arg) {
    sem_wait(&guard);
    data++; // NORACE
    sem_post(&guard);
    return NULL;
}

int main(void) {
    sem_init(&guard, 0, 1);
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    sem_wait(&guard);
    data = 0; // NORACE
    sem_post(&guard);
    return 0;
}
