/* expect: race-free */
/* main hands a buffer it writes to a variadic logger, which passes its va_list on to a helper that calls vfprintf;
   the worker logs only an integer: a va_list set by va_start stands for its own call's arguments, made by the
   thread that made the call, so the worker's vfprintf cannot read main's buffer */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

char status[32];

static void message(const char *fmt, va_list ap) {
    vfprintf(stderr, fmt, ap);
}

static void say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    message(fmt, ap);
    va_end(ap);
}

static void *work(void *arg) {
    say("worker %d\n", 1);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, work, 0);
    strcpy(status, "busy"); // NORACE
    say("%s\n", status); // NORACE
    pthread_join(t, 0);
    return 0;
}
