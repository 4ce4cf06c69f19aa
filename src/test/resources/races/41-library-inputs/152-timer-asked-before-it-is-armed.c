/* expect: racy */
/* issue 35: a timer thread that asks its timerfd for the time left before arming it (weft.exec.EventLoop): a
   disarmed timer's struct itimerspec is all zero, as Linux answers; timerfd_create's descriptor and timerfd_settime's
   result are the world's answers, recorded. The thread counts its idle timers without a lock while main reads the
   count: confirmed, and the reproducer's wrappers answer the same for the witness's timer. */
#include <pthread.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

static int idle_timers;

static void *ticker(void *arg) {
    int fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK);
    if (fd < 0) return arg;
    struct itimerspec cur;
    if (timerfd_gettime(fd, &cur) == 0 && cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec == 0 && cur.it_interval.tv_sec == 0) {
        idle_timers++; // RACE!
        struct itimerspec every = {{1, 0}, {1, 0}};
        timerfd_settime(fd, 0, &every, NULL);
    }
    close(fd);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, ticker, NULL);
    int seen = idle_timers; // RACE!
    pthread_join(t, NULL);
    return seen;
}
