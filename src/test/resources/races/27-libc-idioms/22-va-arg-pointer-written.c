/* expect: racy */
/* A variadic function takes a pointer with va_arg and writes through it while main writes the same variable: the pointer handed through the va_list is followed. */
#include <pthread.h>
#include <stdarg.h>

int a;
int b;

static void set_all(int n, ...) {
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        int *p = va_arg(ap, int *);
        *p = i; // RACE!
    }
    va_end(ap);
}

void *worker(void *arg) {
    (void)arg;
    set_all(2, &a, &b);
    return NULL;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    a = 7; // RACE!
    pthread_join(t, NULL);
    return a + b;
}
