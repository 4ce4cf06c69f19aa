/* expect: race-free */
/* issue 35: the locked twin of 16: the elapsed time is published and read under a mutex. */
#include <pthread.h>
#include <sys/time.h>
#include <time.h>

static long elapsed;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    struct timeval start, end;
    gettimeofday(&start, NULL);
    gettimeofday(&end, NULL);
    pthread_mutex_lock(&m);
    elapsed = (end.tv_sec - start.tv_sec) * 1000000L + (end.tv_usec - start.tv_usec); // NORACE
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void) {
    pthread_t t;
    time_t now;
    time(&now);
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    long seen = elapsed; // NORACE
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    return seen > 0 && now > 0;
}
