/* expect: racy */
/* issue 35: a log parser reading timestamps with strptime (weft.exec.BrokenDownTime): computed by the installed glibc
   in the C locale, it sets the fields the format names, computes the weekday and the day of the year from the date,
   leaves the others as they were and returns where it stopped. The parser counts the requests of a Saturday without a
   lock while main reads the count: confirmed only through glibc's answers, and replayed with the real strptime. */
#define _XOPEN_SOURCE 700
#include <pthread.h>
#include <string.h>
#include <time.h>

static int saturdays;
static const char *lines[] = {"2026-12-05 21:40:07 GET /index.html", "05/Dec/2026:09:15:00 POST /form"};

static void *parser(void *arg) {
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    tm.tm_isdst = -1;
    const char *rest = strptime(lines[0], "%Y-%m-%d %H:%M:%S", &tm);
    if (rest == NULL || strncmp(rest, " GET", 4) != 0) return arg;
    if (tm.tm_year != 126 || tm.tm_mon != 11 || tm.tm_mday != 5 || tm.tm_hour != 21 || tm.tm_sec != 7) return arg;
    /* glibc works the weekday and the day of the year out of the date; tm_isdst is left as it was */
    if (tm.tm_wday != 6 || tm.tm_yday != 338 || tm.tm_isdst != -1) return arg;
    struct tm other;
    memset(&other, 0, sizeof other);
    if (strptime(lines[1], "%d/%b/%Y:%T", &other) == NULL || other.tm_mon != 11 || other.tm_min != 15) return arg;
    if (strptime("Fri", "%Y", &other) != NULL) return arg;
    saturdays++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, parser, NULL);
    int seen = saturdays; // RACE!
    pthread_join(t, NULL);
    return seen;
}
