/* expect: race-free */
/* sem_post(&s[i]) with an unknown index leaves the mutex big held. */
#include <pthread.h>
#include <semaphore.h>

pthread_mutex_t big = PTHREAD_MUTEX_INITIALIZER;
sem_t s[2];
int counter;
int which[2] = { 0, 1 };

void *worker(void *arg) {
    int i = *(int *)arg;
    pthread_mutex_lock(&big);
    sem_wait(&s[i]);
    sem_post(&s[i]);
    counter++; // NORACE
    pthread_mutex_unlock(&big);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    sem_init(&s[0], 0, 1);
    sem_init(&s[1], 0, 1);
    pthread_create(&t1, NULL, worker, &which[0]);
    pthread_create(&t2, NULL, worker, &which[1]);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return counter; // NORACE
}
