/* expect: racy */
/* weft: imprecise: the explorer does not execute this library function (errno, static buffers, signal sets, getopt, callbacks), so the race stays possible */
/* twin of 35: the worker itself logs the buffer main writes, so its vfprintf, through the va_list handed on to the
   helper, reads it while main writes it */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

char status[32];

static void message(const char *fmt, va_list ap) {
    vfprintf(stderr, fmt, ap); // RACE!
}

static void say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    message(fmt, ap);
    va_end(ap);
}

static void *work(void *arg) {
    say("worker %s\n", status);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, work, 0);
    strcpy(status, "busy"); // RACE!
    say("%d\n", 1);
    pthread_join(t, 0);
    return 0;
}
