/* expect: racy */
/* each variadic function has its own argument lists, but a va_list handed on carries them: the worker's set()
   passes its list to vset(), which writes through the pointer it takes with va_arg; a second variadic function,
   called by main with another object, must not hide that write (issue 32: per-function variadic objects) */
#include <pthread.h>
#include <stdarg.h>

int flag;
int other;

static void vset(va_list ap) {
    int *p = va_arg(ap, int *);
    *p = 1; // RACE!
}

static void set(int n, ...) {
    va_list ap;
    va_start(ap, n);
    vset(ap);
    va_end(ap);
}

static int peek(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int v = *va_arg(ap, int *);
    va_end(ap);
    return v;
}

static void *work(void *arg) {
    (void)arg;
    set(1, &flag);
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, work, 0);
    int r = peek(1, &other);
    flag = 2; // RACE!
    pthread_join(t, 0);
    return r;
}
