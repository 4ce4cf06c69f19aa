/* expect: race-free */
/* A post through an unknown pointer into another array leaves s[0], used as a mutex, a mutex. */
#include <pthread.h>
#include <semaphore.h>

int counter;
sem_t s[2];
sem_t other[2];

void *worker(void *arg) {
    (void)arg;
    sem_wait(&s[0]);
    counter++; // NORACE
    sem_post(&s[0]);
    return NULL;
}

void *poster(void *arg) {
    long i = (long)arg;
    sem_post(&other[i]);
    return NULL;
}

int main(void) {
    pthread_t t1, t2, t3;
    sem_init(&s[0], 0, 1);
    sem_init(&other[0], 0, 0);
    sem_init(&other[1], 0, 0);
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_create(&t3, NULL, poster, (void *)0);
    return 0;
}
