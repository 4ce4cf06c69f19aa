#include <pthread.h>
int g;
extern int __VERIFIER_nondet_int(void);
void *w(void *a) { g = 1; return 0; }
int main(void) {
  pthread_t t[2];
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 1) return 0;
  pthread_create(&t[0], 0, w, 0);
  pthread_create(&t[1], 0, w, 0);
  pthread_join(t[k], 0);
  pthread_join(t[k], 0);
  g = 2;
  return 0;
}
