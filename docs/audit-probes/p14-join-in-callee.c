#include <pthread.h>
int g;
extern int __VERIFIER_nondet_int(void);
void *w1(void *a) { g = 1; return 0; }
void *w2(void *a) { return 0; }
void j(pthread_t t) { pthread_join(t, 0); }
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, w1, 0);
  pthread_create(&t2, 0, w2, 0);
  j(t2);
  g = 2;
  j(t1);
  return 0;
}
