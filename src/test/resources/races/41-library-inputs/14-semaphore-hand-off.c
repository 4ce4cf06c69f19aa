/* expect: race-free */
/* issue 35: the twin of 13: main writes the job, then posts; the worker reads it after its sem_wait, and main writes
   the next job only after the worker posts back. Two semaphores used as signals, not as locks: no lock orders these
   accesses; the exhaustive exploration with semaphores executed (weft.exec.Semaphores) proves the program. */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

static sem_t ready, taken;
static int job;

static void *worker(void *arg) {
    char name[16];
    sem_wait(&ready);
    snprintf(name, sizeof name, "job-%d", job); // NORACE
    sem_post(&taken);
    return arg;
}

int main(void) {
    pthread_t t;
    sem_init(&ready, 0, 0);
    sem_init(&taken, 0, 0);
    pthread_create(&t, NULL, worker, NULL);
    job = 7; // NORACE
    sem_post(&ready);
    sem_wait(&taken);
    job = 8; // NORACE
    pthread_join(t, NULL);
    return 0;
}
