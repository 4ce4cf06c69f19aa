/* expect: racy */
/* issue 35: the worker writes the shared total only when its variadic helper sums its arguments to 6, which it does
   when each va_arg moves to the next argument (weft.exec.VarArgs; the front end lowers va_arg to a step of the list
   and a read): confirmed with the helper run as C runs it. */
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
    if (sum(3, 1, 2, 3) == 6)
        total = 6; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    total = -1; // RACE!
    pthread_join(t, NULL);
    return total;
}
