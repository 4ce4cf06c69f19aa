/* expect: racy */
/* issue 35, in ctrace's shape: two threads stamp their trace lines with localtime, whose result is one static buffer
   of the C library, without a lock (localtime_r would be the fix: 29). The witness search runs time, localtime (the
   environment's time zone taken to be UTC, recorded), strftime and sprintf with %n and confirms the race on the
   buffer; the reproducer replays it with TZ=UTC. */
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static void trace(char *out, const char *who) {
    time_t now;
    char stamp[32];
    int n;
    time(&now);
    struct tm *tm = localtime(&now); // RACE!
    strftime(stamp, sizeof stamp, "%D-%T", tm);
    sprintf(out, "%s:%s:%n", stamp, who, &n);
    out[n] = '\0';
}

static void *worker(void *arg) {
    char line[64];
    trace(line, (const char *)arg);
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, "one");
    pthread_create(&b, 0, worker, "two");
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
