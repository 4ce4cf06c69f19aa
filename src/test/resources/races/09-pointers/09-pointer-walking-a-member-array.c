/* expect: race-free */
/* weft: a pointer into an array member of a struct that moves by an unknown amount (g.next += n, memchr, memmove of an
   unknown length within the buffer) stays within that member (C11 6.5.6p8, 7.24.1p1), so the struct's pointer fields
   keep their own targets: a and b point to x and y only, and the worker's write of x does not meet main's write of y.
   (Before array members were told apart, g.next + n pointed anywhere in g and the memmove copied every pointer of g
   into every field of g, so *g.a and *g.b were the same two integers.) */
#include <pthread.h>
#include <string.h>

extern int __VERIFIER_nondet_int(void);

struct state {
    int *a;
    char buf[64];
    char *next;
    int *b;
} g;
int x, y;

void *worker(void *arg) {
    *g.a = 1; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 8) return 0;
    g.a = &x;
    g.b = &y;
    g.next = g.buf;
    g.next += n;
    char *nul = memchr(g.next, 0, 8);
    if (nul) g.next = nul + 1;
    memmove(g.next + 1, g.next, 4);
    pthread_create(&t, 0, worker, 0);
    *g.b = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
