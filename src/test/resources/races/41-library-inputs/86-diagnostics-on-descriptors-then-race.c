/* expect: racy */
/* issue 35: diagnostics written by the C library straight to a descriptor (dprintf, vdprintf through a variadic
   helper) or to the standard error (psignal, herror) run in the explorer as printf does: their text is formatted and
   read, nothing else is changed, so the flag race behind them is confirmed (and replays under ThreadSanitizer). */
#include <netdb.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>

int flag;

static void say(int fd, const char *f, ...) {
    va_list ap;
    va_start(ap, f);
    vdprintf(fd, f, ap);
    va_end(ap);
}

static void *worker(void *arg) {
    dprintf(2, "worker %d\n", 1);
    psignal(SIGINT, "worker");
    flag = 1; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    say(2, "main %s\n", "up");
    herror("main");
    flag = 2; // RACE!
    pthread_join(t, NULL);
    return 0;
}
