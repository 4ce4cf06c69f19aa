/* expect: racy */
/* Re-initialising the semaphore while another thread holds it lets a second one in. */
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

void *resetter(void *arg) {
    sem_init(&guard, 0, 1);
    return NULL;
}

int main(void) {
    sem_init(&guard, 0, 1);
    pthread_t a, b, c;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&c, NULL, resetter, NULL);
    pthread_create(&b, NULL, worker, NULL);
    return 0;
}
