/* expect: racy */
/* audits D42 and D43, their regression: nanosleep reads the requested duration, which the thread-modular layer knew, but the explorer's model of it recorded no access (D42), and the explorer counted an object a library call reads or writes whole by its first byte when its type was a struct (D43): a worker changing the nanoseconds while main slept with them raced, and the exploration proved the program race-free. The explorer reads the whole struct timespec now. */
#include <pthread.h>
#include <time.h>

static struct timespec delay;

static void *worker(void *arg) {
    (void) arg;
    delay.tv_nsec = 1000; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    nanosleep(&delay, 0); // RACE!
    pthread_join(t, 0);
    return 0;
}
