/* expect: race-free */
/* issue 35: proved by the exhaustive exploration, which executes semaphores (the thread-modular layer understands
   semaphores used as mutexes only). */
/* The producer writes, then posts; the consumer waits, then reads. */
#include <pthread.h>
#include <semaphore.h>

int data;
sem_t ready;

void *producer(void *arg) {
    data = 42;
    sem_post(&ready);
    return NULL;
}

void *consumer(void *arg) {
    sem_wait(&ready);
    return (void *)(long)data;
}

int main(void) {
    sem_init(&ready, 0, 0);
    pthread_t a, b;
    pthread_create(&a, NULL, producer, NULL);
    pthread_create(&b, NULL, consumer, NULL);
    return 0;
}
