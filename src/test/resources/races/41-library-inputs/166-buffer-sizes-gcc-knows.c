/* expect: racy */
/* issue 35, audit D52: gcc's builtins where its optimisation could decide (weft.frontend.GccBuiltins,
   weft.exec.ComputedCalls): __builtin_object_size of a declared object's address is its size at every level (a
   member array's for types 1 and 3), of a pointer read from memory -O0's "unknown" ((size_t)-1, or 0 for type 2);
   __builtin_constant_p of a literal is 1, of a const variable -O0's 0. A worker that checked them all counts itself
   without a lock while main reads the count: confirmed, and the reproducer's -O0 build answers the same. */
#include <pthread.h>
#include <stdlib.h>

struct request {
    int id;
    char path[10];
};

static char scratch[16];
static struct request current;
static int checked;

static void *worker(void *arg) {
    char local[8];
    char *p = local;
    const int k = 3;
    char *h = malloc(20);
    if (__builtin_constant_p(5) && __builtin_constant_p("x") && !__builtin_constant_p(k) && !__builtin_constant_p(p)
        && __builtin_object_size(scratch, 0) == 16 && __builtin_object_size(scratch + 4, 0) == 12
        && __builtin_object_size(p, 0) == (size_t) -1 && __builtin_object_size(p, 2) == 0 && __builtin_object_size(local, 1) == 8
        && __builtin_object_size(current.path, 1) == 10 && __builtin_object_size(current.path, 0) == sizeof current - 4
        && __builtin_object_size(&current.path[3], 1) == 7 && __builtin_object_size(h, 0) == (size_t) -1) {
        checked++; // RACE!
    }
    free(h);
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int seen = checked; // RACE!
    pthread_join(t, NULL);
    return seen;
}
