/* expect: race-free */
/* the string handed to a variadic logger (read by vprintf through the va_list) is written by main before the threads exist */
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
    return 0;
}

int main(void) {
    pthread_t a, b;
    strcpy(name, "bob"); // NORACE
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
