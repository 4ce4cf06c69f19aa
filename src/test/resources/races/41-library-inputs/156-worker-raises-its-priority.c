/* expect: racy */
/* issue 35: a worker that asks for real-time scheduling (weft.exec.Resources#schedule): a new thread runs under its
   creator's policy (SCHED_OTHER, priority 0, as the process was started: the world's); pthread_setschedparam refuses
   a priority outside the policy's range (EINVAL) and otherwise may need a privilege the world grants or not (EPERM);
   pthread_getschedparam gives what was set. The worker counts the raises it got without a lock while main reads the
   count: confirmed, and the reproducer's wrappers give the same answers back. */
#include <errno.h>
#include <pthread.h>
#include <sched.h>

static int raised;

static void *worker(void *arg) {
    int policy = -1;
    struct sched_param p = {0};
    if (pthread_getschedparam(pthread_self(), &policy, &p) != 0 || policy != SCHED_OTHER || p.sched_priority != 0) return arg;
    struct sched_param bad = {5};
    if (pthread_setschedparam(pthread_self(), SCHED_OTHER, &bad) != EINVAL) return arg;
    struct sched_param rt = {10};
    if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &rt) == 0 && pthread_setschedprio(pthread_self(), 20) == 0
        && pthread_getschedparam(pthread_self(), &policy, &p) == 0 && policy == SCHED_FIFO && p.sched_priority == 20) {
        raised++; // RACE!
    }
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int seen = raised; // RACE!
    pthread_join(t, NULL);
    return seen;
}
