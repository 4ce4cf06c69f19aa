/* expect: racy */
/* audit D41, its regression: a timed wait reads its timeout (pthread_cond_timedwait, sem_timedwait, pthread_mutex_timedlock...), but the typed events of the thread library carried no plain accesses: a worker moving the deadline while main waited with it raced, and every layer proved the program race-free. Each timed call now reads its timeout (weft.model.LibraryModel#alongside; for proofs only in the explorer, as glibc takes a free mutex without looking at it). weft: imprecise: glibc may take the timeout only when it must wait, so the explorer counts the read for proofs only and confirms no race on it (unknown, never true). */
#include <pthread.h>
#include <time.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static struct timespec deadline;
static int ready;

static void *worker(void *arg) {
    (void) arg;
    deadline.tv_sec = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    while (!ready)
        if (pthread_cond_timedwait(&c, &m, &deadline) != 0) // RACE!
            break;
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
