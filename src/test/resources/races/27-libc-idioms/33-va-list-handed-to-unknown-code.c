/* expect: racy */
/* weft: imprecise: the explorer does not execute this library function (errno, static buffers, signal sets, getopt, callbacks), so the race stays possible */
/* a variadic logger hands its va_list to a function outside the program, which may read (and write) what the
   arguments point to: the string another thread writes meanwhile races */
#include <pthread.h>
#include <stdarg.h>
#include <string.h>

char name[16];
extern int ext_vlog(const char *fmt, va_list ap);

static void say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    ext_vlog(fmt, ap); // RACE!
    va_end(ap);
}

static void *t1(void *a) {
    say("%s\n", name);
    return 0;
}

static void *t2(void *a) {
    strcpy(name, "bob"); // RACE!
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
