/* expect: race-free */
/* each thread formats a message into a block it allocates, hands it to a variadic logger and frees it: a pointer
   passed as a variadic argument is read by the callee in the calling thread, which does not share it */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

static void *work(void *arg) {
    char *msg = malloc(32);
    if (msg == NULL) return 0;
    snprintf(msg, 32, "worker %ld", (long)arg); // NORACE
    say("%s\n", msg);
    free(msg); // NORACE
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, work, (void *)1);
    pthread_create(&b, 0, work, (void *)2);
    work(0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
