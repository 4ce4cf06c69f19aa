/* expect: racy */
/* A post through s[i] with an unknown i may raise the count of s[0], which the workers use as a mutex. */
#include <pthread.h>
#include <semaphore.h>

int counter;
sem_t s[2];

void *worker(void *arg) {
    (void)arg;
    sem_wait(&s[0]);
    counter++; // RACE!
    sem_post(&s[0]);
    return NULL;
}

void *poster(void *arg) {
    long i = (long)arg;
    sem_post(&s[i]);
    return NULL;
}

int main(void) {
    pthread_t t1, t2, t3;
    sem_init(&s[0], 0, 1);
    sem_init(&s[1], 0, 1);
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_create(&t3, NULL, poster, (void *)0);
    return 0;
}
