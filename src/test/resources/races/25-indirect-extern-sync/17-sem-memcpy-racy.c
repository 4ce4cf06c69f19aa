/* expect: racy */
/* main copies a fresh semaphore over s while the workers wait on and post it. */
#include <pthread.h>
#include <semaphore.h>
#include <string.h>

sem_t s;
sem_t fresh;
int g;

void *worker(void *arg) {
    (void)arg;
    sem_wait(&s); // RACE!
    g++;
    sem_post(&s);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    sem_init(&s, 0, 1);
    sem_init(&fresh, 0, 1);
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    memcpy(&s, &fresh, sizeof s); // RACE!
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
