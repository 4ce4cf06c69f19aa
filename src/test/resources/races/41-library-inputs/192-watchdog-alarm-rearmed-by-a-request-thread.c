/* expect: racy */
/* issue 35: a server arms a watchdog with alarm before it serves, re-arms it from a request thread with setitimer and
   reads what was left with getitimer; the request thread counts the requests it served, which main reads without a
   lock. No timer expires while the run lasts (no step needs time), so the watchdog's handler never runs, alarm finds
   no earlier alarm, setitimer's old value is the 30 s alarm less a microsecond (1 ns passed, truncated): confirmed and
   replayed (the reproducer arms no real timer). */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/time.h>
#include <unistd.h>

static int served;

static void watchdog(int sig) {
    (void) sig;
}

static void *requests(void *arg) {
    struct itimerval next = {{0, 0}, {10, 0}}, old;
    if (setitimer(ITIMER_REAL, &next, &old) == 0 && old.it_value.tv_sec == 29 && old.it_value.tv_usec == 999999) {
        served++; // RACE!
    }
    return arg;
}

int main(void) {
    pthread_t t;
    signal(SIGALRM, watchdog);
    unsigned before = alarm(30);
    pthread_create(&t, NULL, requests, NULL);
    printf("served %d (earlier alarm: %u)\n", served, before); // RACE!
    pthread_join(t, NULL);
    struct itimerval left;
    getitimer(ITIMER_REAL, &left);
    alarm(0);
    return 0;
}
