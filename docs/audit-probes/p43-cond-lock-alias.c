#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int g; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) {
  int c = __VERIFIER_nondet_int(); int *pc = &c;
  if (c) pthread_mutex_lock(&m);
  *pc = !*pc;
  g++;
  if (!c) pthread_mutex_unlock(&m);
  return 0;
}
int main(void) { pthread_t t1, t2; pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, w, 0); return 0; }
