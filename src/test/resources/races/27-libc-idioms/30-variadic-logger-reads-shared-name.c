/* expect: race-free */
/* two threads hand a name set before they start to a variadic logger: vfprintf only reads it (its format has no
   %n), and va_start touches only the va_list */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

char name[16];

static void say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

static void *work(void *arg) {
    say("%s: %s\n", name, "started"); // NORACE
    return 0;
}

int main(void) {
    pthread_t a, b;
    strcpy(name, "pool"); // NORACE
    pthread_create(&a, 0, work, 0);
    pthread_create(&b, 0, work, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
