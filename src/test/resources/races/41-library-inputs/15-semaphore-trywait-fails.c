/* expect: racy */
/* issue 35: a worker polls a semaphore with sem_trywait and reads the job also when the poll failed (EAGAIN, errno
   checked): sem_trywait on a count of 0 returns -1 (weft.exec.Semaphores), and the read races with main's write. */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>

static sem_t ready;
static int job;

static void *worker(void *arg) {
    int got = sem_trywait(&ready) == 0;
    if (!got && errno == EAGAIN)
        return (void *) (long) job; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    sem_init(&ready, 0, 0);
    pthread_create(&t, NULL, worker, NULL);
    job = 7; // RACE!
    sem_post(&ready);
    pthread_join(t, NULL);
    return 0;
}
