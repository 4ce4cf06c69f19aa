/* expect: race-free */
/* weft: imprecise: the alarm's signal ends the process during the sleep, before main's write; no analysis of Weft's times it */
/* issue 35: main arms an alarm of 1 s with no handler for SIGALRM (its default action ends the process) and sleeps 5 s
   before it writes the flag a reader thread reads: the signal comes during the sleep and the process ends before the
   write, in every execution. The witness search must not take the sleep to end with the alarm still pending (it stops
   at a sleep while a timer is armed): the race is never confirmed. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int ready;

static void *reader(void *arg) {
    printf("ready: %d\n", ready);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, reader, NULL);
    alarm(1);
    sleep(5);
    ready = 1;
    pthread_join(t, NULL);
    return 0;
}
