/* expect: racy */
/* One wait, two posts: afterwards two threads can be inside. */
#include <pthread.h>
#include <semaphore.h>

int data;
sem_t guard;

void *worker(void *arg) {
    sem_wait(&guard);
    data++; // RACE!
    sem_post(&guard);
    sem_post(&guard);
    return NULL;
}

int main(void) {
    sem_init(&guard, 0, 1);
    pthread_t a, b, c;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_create(&c, NULL, worker, NULL);
    return 0;
}
