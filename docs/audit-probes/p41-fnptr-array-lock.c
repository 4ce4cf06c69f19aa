#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int g; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void lk(void) { pthread_mutex_lock(&m); }
void nop(void) { }
void (*ops[2])(void) = { lk, nop };
void *w(void *a) { int k = __VERIFIER_nondet_int(); if (k < 0 || k > 1) return 0; ops[k](); g++; if (k == 0) pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t1, t2; pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, w, 0); return 0; }
