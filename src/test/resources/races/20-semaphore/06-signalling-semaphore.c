/* expect: race-free */
/* weft: imprecise: a semaphore used to signal (posted by a thread that never waited) orders the
   accesses, but Weft only understands semaphores used as mutexes */
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
