#include <pthread.h>
int g;
extern int __VERIFIER_nondet_int(void);
void *w1(void *a) { g = 1; return 0; }
void *w2(void *a) { return 0; }
int main(void) {
  pthread_t t1, t2;
  pthread_t *p = &t1;
  pthread_create(&t1, 0, w1, 0);
  pthread_create(&t2, 0, w2, 0);
  if (__VERIFIER_nondet_int()) p = &t2;
  pthread_join(*p, 0);
  g = 2;
  return 0;
}
