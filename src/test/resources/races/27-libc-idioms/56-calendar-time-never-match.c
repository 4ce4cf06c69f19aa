/* expect: race-free */
/* twin of 55 (no time zone involved, so a proof runs the calls): timegm normalises the fields in place and asctime_r gives glibc's text, so the condition that they differ never holds and the unlocked write is never made. */
#include <pthread.h>
#include <string.h>
#include <time.h>
static int shared;
static void *worker(void *arg) {
    (void) arg;
    shared = 1; // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    struct tm m;
    memset(&m, 0, sizeof m);
    m.tm_year = 100; m.tm_mon = 13; m.tm_mday = 31; m.tm_hour = 25; m.tm_min = -5;
    time_t g = timegm(&m);
    char b[26];
    char *s = asctime_r(&m, b);
    if (g != 983667300 || m.tm_wday != 0 || strcmp(s, "Sun Mar  4 00:55:00 2001\n") != 0)
        shared = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
