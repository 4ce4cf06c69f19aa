/* expect: race-free */
/* The race-free twin of 28: each thread breaks the time down into its own struct tm (localtime_r). */
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static void trace(char *out, const char *who) {
    time_t now;
    char stamp[32];
    int n;
    time(&now);
    struct tm mine, *tm = localtime_r(&now, &mine); // NORACE
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
