/* expect: racy */
/* issue 35: main hands a job to a worker through a semaphore but posts it before it writes the job; the worker, which
   names the job with snprintf after its sem_wait, reads it unordered. The explorer executes semaphores
   (weft.exec.Semaphores; it stopped at sem_init before) and confirms the race. */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

static sem_t ready;
static int job;

static void *worker(void *arg) {
    char name[16];
    sem_wait(&ready);
    snprintf(name, sizeof name, "job-%d", job); // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    sem_init(&ready, 0, 0);
    pthread_create(&t, NULL, worker, NULL);
    sem_post(&ready);
    job = 7; // RACE!
    pthread_join(t, NULL);
    sem_destroy(&ready);
    return 0;
}
