/* expect: race-free */
/* the worker passes main's buffer to a variadic counter, which only compares the pointers it takes with va_arg, and
   logs an integer: a va_list stands for the arguments of a call of the function whose va_start set it, so the
   logger's vfprintf reads none of what the worker passed to the counter */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

char status[32];

static void say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

static int count(int n, ...) {
    va_list ap;
    int set = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++) set += va_arg(ap, char *) != 0;
    va_end(ap);
    return set;
}

static void *work(void *arg) {
    say("worker %d\n", count(1, status));
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
