/* expect: racy */
/* A worker writes the member array buf through a pointer moved by an unknown amount: the access may be anywhere in
   buf, so it races with main's memset of buf, but it stays in buf (C11 6.5.6p8), so it does not meet main's writes of
   the members before and after it. */
#include <pthread.h>
#include <string.h>

extern int __VERIFIER_nondet_int(void);

struct S {
    int n;
    char buf[32];
    int m;
} s;

void *worker(void *arg) {
    int k = __VERIFIER_nondet_int();
    if (k < 0 || k >= 32) return 0;
    char *p = s.buf;
    p += k;
    *p = 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    s.n = 1; // NORACE
    memset(s.buf, 0, sizeof s.buf); // RACE!
    s.m = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
