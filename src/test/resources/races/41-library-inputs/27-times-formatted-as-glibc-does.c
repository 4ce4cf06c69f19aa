/* expect: race-free */
/* issue 35: gmtime, gmtime_r, strftime and sprintf's %n computed by the explorer (weft.exec.BrokenDownTime,
   weft.exec.Formatter) are checked against glibc's results: the worker writes the shared flag only when one differs,
   and then races with main. The exhaustive exploration proves the program race-free only if each field, text and
   count agrees with glibc (compiled with gcc the program exits 0: every check holds). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static int wrong;

static int check(void) {
    int bad = 0;
    char buf[64];
    struct tm mine;
    time_t t0 = 951782400 + 3600 * 13 + 60 * 7 + 9; /* 2000-02-29 13:07:09 UTC, a Tuesday */
    struct tm *tm = gmtime_r(&t0, &mine);
    bad |= tm != &mine || mine.tm_year != 100 || mine.tm_mon != 1 || mine.tm_mday != 29 || mine.tm_hour != 13;
    bad |= mine.tm_min != 7 || mine.tm_sec != 9 || mine.tm_wday != 2 || mine.tm_yday != 59 || mine.tm_isdst != 0;
    bad |= strftime(buf, sizeof buf, "%D-%T", &mine) != 17 || strcmp(buf, "02/29/00-13:07:09") != 0;
    bad |= strftime(buf, sizeof buf, "%Y-%m-%d %a %b %e %j %I%p", &mine) != 30
           || strcmp(buf, "2000-02-29 Tue Feb 29 060 01PM") != 0;
    bad |= strftime(buf, 5, "%Y-%m", &mine) != 0;
    time_t t1 = -86400; /* 1969-12-31, a Wednesday */
    struct tm *g = gmtime(&t1);
    bad |= g->tm_year != 69 || g->tm_mon != 11 || g->tm_mday != 31 || g->tm_wday != 3 || g->tm_yday != 364;
    int n = -1;
    short h = -1;
    bad |= sprintf(buf, "%s:%d:%n%s%hn", "ab", 42, &n, "xyz", &h) != 9 || n != 6 || h != 9;
    return bad;
}

static void *worker(void *arg) {
    if (check())
        wrong = 1; // NORACE
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    wrong = 0; // NORACE
    pthread_join(t, NULL);
    return wrong;
}
