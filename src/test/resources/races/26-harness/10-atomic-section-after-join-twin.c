/* expect: race-free */
/* twin of 09: the atomic section runs after the join, so the worker's plain write is ordered before it */
#include <pthread.h>
int o0[4];
void __VERIFIER_atomic_bump(void) {
  o0[0] = o0[0] + 1; // NORACE
}
void *worker(void *arg) {
  o0[0] = 2; // NORACE
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  __VERIFIER_atomic_bump();
  return 0;
}
