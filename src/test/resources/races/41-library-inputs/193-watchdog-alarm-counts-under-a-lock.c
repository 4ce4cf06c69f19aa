/* expect: race-free */
/* issue 35: the locked twin of 192: a server arms a watchdog with alarm before it serves, re-arms it from a request thread with setitimer and
   reads what was left with getitimer; the request thread counts the requests it served, which main reads without a
   lock... here under the server's mutex, on both sides. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/time.h>
#include <unistd.h>

static int served;
static pthread_mutex_t stats = PTHREAD_MUTEX_INITIALIZER;

static void watchdog(int sig) {
    (void) sig;
}

static void *requests(void *arg) {
    struct itimerval next = {{0, 0}, {10, 0}}, old;
    if (setitimer(ITIMER_REAL, &next, &old) == 0 && old.it_value.tv_sec == 29 && old.it_value.tv_usec == 999999) {
        pthread_mutex_lock(&stats);
        served++; // NORACE
        pthread_mutex_unlock(&stats);
    }
    return arg;
}

int main(void) {
    pthread_t t;
    signal(SIGALRM, watchdog);
    unsigned before = alarm(30);
    pthread_create(&t, NULL, requests, NULL);
    pthread_mutex_lock(&stats);
    int now = served; // NORACE
    pthread_mutex_unlock(&stats);
    printf("served %d (earlier alarm: %u)\n", now, before);
    pthread_join(t, NULL);
    struct itimerval left;
    getitimer(ITIMER_REAL, &left);
    alarm(0);
    return 0;
}
