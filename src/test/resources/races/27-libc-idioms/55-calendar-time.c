/* expect: racy */
/* timegm, mktime, asctime, ctime_r and ctime as glibc computes them (issue 35: weft.exec.CalendarTime): out-of-range fields normalised in place (month 13 of 2000, day 31, hour 25, minute -5 is 2001-03-04 00:55), the text of a struct tm and of a time_t, ctime_r into its buffer; the environment's time zone (mktime, ctime) an input taken to be UTC in a witness. The count is written only when every result is glibc's. */
#include <pthread.h>
#include <string.h>
#include <time.h>
static int shared;
static void *worker(void *arg) {
    (void) arg;
    shared = 1; // RACE!
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
    time_t z = 0;
    char *s = asctime(&m);
    char *r = ctime_r(&z, b);
    struct tm n;
    memset(&n, 0, sizeof n);
    n.tm_year = 70; n.tm_mday = 2;
    time_t k = mktime(&n);
    if (g == 983667300 && m.tm_mon == 2 && m.tm_mday == 4 && m.tm_wday == 0 && m.tm_yday == 62
        && strcmp(s, "Sun Mar  4 00:55:00 2001\n") == 0 && r == b && strcmp(b, "Thu Jan  1 00:00:00 1970\n") == 0
        && k == 86400 && n.tm_wday == 5 && strcmp(ctime(&z), b) == 0)
        shared = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
