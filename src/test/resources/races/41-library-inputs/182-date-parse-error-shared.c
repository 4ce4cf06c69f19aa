/* expect: racy */
/* issue 35: a report thread parses a date with getdate, which sets the C library's getdate_err on failure, while
   main reads getdate_err to log why its own parse failed: glibc's getdate is not thread-safe (POSIX), and the two
   threads race on getdate_err. DATEMSK is unset in the witness's world (the program does not set it), so both calls
   fail with error 1, and the race is confirmed and replayed. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static void *report(void *arg) {
    struct tm *when = getdate("2026-12-06"); // RACE!
    if (when == NULL) fputs("report: no date\n", stderr);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, report, NULL);
    printf("last error: %d\n", getdate_err); // RACE!
    pthread_join(t, NULL);
    return 0;
}
