/* expect: racy */
/* issue 35: a daemon's shape: main opens the system log under its own name, two workers log their start and their
   result through syslog and count their requests without a lock, main logs when both are done. syslog formats its
   message and sends it to the world (no answer to take: it returns nothing), openlog keeps the identifier: the
   exploration runs them, so the race behind them is confirmed, and the reproducer's real syslog replays it. */
#include <pthread.h>
#include <syslog.h>
#include <time.h>

int requests;

void *worker(void *arg) {
    long id = (long)arg;
    struct timespec pause = {0, 1000};
    syslog(LOG_INFO, "worker %ld started", id);
    clock_nanosleep(CLOCK_MONOTONIC, 0, &pause, NULL);
    requests++; // RACE!
    syslog(LOG_DEBUG, "worker %ld served %d", id, 1);
    return NULL;
}

int main(void) {
    openlog("weft-daemon", LOG_PID | LOG_NDELAY, LOG_DAEMON);
    pthread_t t[2];
    for (long i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    syslog(LOG_NOTICE, "%d requests", requests); // NORACE
    closelog();
    return 0;
}
