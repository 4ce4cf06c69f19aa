/* expect: race-free */
/* issue 35: the twin of 182: both threads call getdate and read getdate_err under one mutex, as a program must when
   it uses getdate from several threads; the error each reads is its own call's (1: DATEMSK unset). */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static pthread_mutex_t dates = PTHREAD_MUTEX_INITIALIZER;

static int parse(const char *s) {
    pthread_mutex_lock(&dates);
    struct tm *when = getdate(s); // NORACE
    int err = when == NULL ? getdate_err : 0; // NORACE
    pthread_mutex_unlock(&dates);
    return err;
}

static void *report(void *arg) {
    if (parse("2026-12-06") != 0) fputs("report: no date\n", stderr);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, report, NULL);
    printf("error: %d\n", parse("12:00"));
    pthread_join(t, NULL);
    return 0;
}
