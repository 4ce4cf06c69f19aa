/* expect: racy */
/* issue 35: a thread pool that reads its configuration back from the attribute objects it filled (the shape of
   libraries that take a pthread_attr_t from their caller): the stack size, the guard size and the detach state are
   what was set (glibc's own layout, weft.exec.Attributes), a refused priority leaves the policy's, and a recursive
   mutex type survives the robust flag. The worker and main both count without a lock behind those answers: the
   exploration runs the getters, so the race is confirmed, and the reproducer's real attributes give the same. */
#include <errno.h>
#include <pthread.h>
#include <sched.h>

int started;

void *worker(void *arg) {
    started++; // RACE!
    return arg;
}

int main(void) {
    pthread_attr_t a;
    pthread_mutexattr_t ma;
    struct sched_param sp = {7};
    size_t stack = 0, guard = 0;
    int detached = -1, type = -1;
    pthread_attr_init(&a);
    pthread_mutexattr_init(&ma);
    if (pthread_attr_setstacksize(&a, 1 << 20) != 0 || pthread_attr_setguardsize(&a, 8192) != 0) return 1;
    if (pthread_attr_setschedparam(&a, &sp) != EINVAL) return 1; /* SCHED_OTHER takes priority 0 only */
    pthread_attr_getstacksize(&a, &stack);
    pthread_attr_getguardsize(&a, &guard);
    pthread_attr_getdetachstate(&a, &detached);
    pthread_mutexattr_setrobust(&ma, PTHREAD_MUTEX_ROBUST);
    pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutexattr_gettype(&ma, &type);
    pthread_t t;
    if (pthread_create(&t, &a, worker, NULL) != 0) return 1;
    if (stack == 1 << 20 && guard == 8192 && detached == PTHREAD_CREATE_JOINABLE && type == PTHREAD_MUTEX_RECURSIVE) started++; // RACE!
    pthread_join(t, NULL);
    pthread_mutexattr_destroy(&ma);
    pthread_attr_destroy(&a);
    return 0;
}
