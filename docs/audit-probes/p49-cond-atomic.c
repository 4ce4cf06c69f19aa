#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_atomic_begin(void); extern void __VERIFIER_atomic_end(void);
int g;
void *w(void *a) {
  int c = __VERIFIER_nondet_int();
  if (c) __VERIFIER_atomic_begin();
  g++;
  if (c) __VERIFIER_atomic_end();
  return 0;
}
int main(void) { pthread_t t1, t2; pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, w, 0); return 0; }
