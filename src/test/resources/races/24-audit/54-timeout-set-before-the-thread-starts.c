/* expect: race-free */
/* audit D41, its race-free twin: the deadline is written before the worker starts and only read afterwards (the worker too waits with it); the timed waits' reads of it conflict with no write. */
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

static sem_t s;
static struct timespec deadline;

static void *worker(void *arg) {
    (void) arg;
    sem_timedwait(&s, &deadline); // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    sem_init(&s, 0, 1);
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 1;
    pthread_create(&t, 0, worker, 0);
    sem_timedwait(&s, &deadline); // NORACE
    sem_post(&s);
    pthread_join(t, 0);
    return 0;
}
