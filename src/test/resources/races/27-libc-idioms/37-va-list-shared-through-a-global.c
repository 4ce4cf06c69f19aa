/* expect: racy */
/* weft: imprecise: the explorer does not execute this library function (errno, static buffers, signal sets, getopt, callbacks), so the race stays possible */
/* main's variadic logger publishes its va_list in a global and waits until the printer thread has printed it
   through a helper: a va_list read from memory may stand for another thread's call, so the printer's vfprintf reads
   the buffer main logs, which the writer thread writes meanwhile (the printer logs nothing of its own) */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

char status[32];
va_list *pending;
int printed;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void message(const char *fmt, va_list ap) {
    vfprintf(stderr, fmt, ap); // RACE!
}

static void say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&m);
    pending = &ap;
    pthread_mutex_unlock(&m);
    for (int done = 0; !done; ) {
        pthread_mutex_lock(&m);
        done = printed;
        pthread_mutex_unlock(&m);
    }
    va_end(ap);
}

static void *printer(void *arg) {
    va_list *l = 0;
    while (l == 0) {
        pthread_mutex_lock(&m);
        l = pending;
        pthread_mutex_unlock(&m);
    }
    message("%s\n", *l);
    pthread_mutex_lock(&m);
    printed = 1;
    pthread_mutex_unlock(&m);
    return 0;
}

static void *writer(void *arg) {
    strcpy(status, "busy"); // RACE!
    return 0;
}

int main(void) {
    pthread_t p, w;
    pthread_create(&p, 0, printer, 0);
    pthread_create(&w, 0, writer, 0);
    say("%s\n", status);
    pthread_join(p, 0);
    pthread_join(w, 0);
    return 0;
}
