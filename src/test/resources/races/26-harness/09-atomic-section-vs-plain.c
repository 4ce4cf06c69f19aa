/* expect: racy */
/* harness seed 6532522960446026829 (hole plain_among_atomics, minimised by hand), D20: the bounded layer alone
   answered race-free. The sequentialiser placed no context switch before the call of a __VERIFIER_atomic_*
   function and none inside it, so no schedule let the worker write between the create and the section */
#include <pthread.h>
int o0[4];
void __VERIFIER_atomic_bump(void) {
  o0[0] = o0[0] + 1; // RACE!
}
void *worker(void *arg) {
  o0[0] = 2; // RACE!
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  __VERIFIER_atomic_bump();
  pthread_join(t, 0);
  return 0;
}
