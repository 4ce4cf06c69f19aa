/* expect: racy */
/* weft: imprecise: the explorer does not execute this library function (errno, static buffers, signal sets, getopt, callbacks), so the race stays possible */
/* a string handed to a variadic logger is read by vprintf through the va_list while another thread writes it */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

char name[16];

void say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

void *t1(void *a) {
    say("%s\n", name);
    return 0;
}

void *t2(void *a) {
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
