/* expect: race-free */
/* issue 35: the twin of 11 whose worker writes only when the sum is not 6, which never happens: the exhaustive
   exploration runs the helper's va_arg steps (a va_arg that read the first argument again, or a list not moved, would
   sum to 3 and let the write race) and proves the program; the thread-modular layer alone cannot tell the sum. */
#include <pthread.h>
#include <stdarg.h>

static int total;

static int sum(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

static void *worker(void *arg) {
    if (sum(3, 1, 2, 3) != 6)
        total = 6; // NORACE
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    total = -1; // NORACE
    pthread_join(t, NULL);
    return total;
}
