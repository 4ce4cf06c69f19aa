/* expect: racy */
/* soundness harness seed 7544932095609351793: tm-true-but-race (race seen by tsan); o0:rwlock; hole free_early on o0 */
#include <pthread.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
int lockflag;
pthread_mutex_t m0 = PTHREAD_MUTEX_INITIALIZER;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int *o0;
pthread_t t1;
pthread_t t2;
pthread_t t3;
void *worker1(void *arg) {
  int r = 0;
  return (void *) (long) r;
}
void *worker2(void *arg) {
  int r = 0;
  return (void *) (long) r;
}
void *worker3(void *arg) {
  int r = 0;
  {
    pthread_rwlock_wrlock(&rw);
    o0[3] = o0[3] + 1; // RACE!
    pthread_rwlock_unlock(&rw);
  }
  return (void *) (long) r;
}
int main(void) {
  int r = 0;
  lockflag = 1;
  o0 = malloc(4 * sizeof(int));
  if (o0 == 0) return 0;
  for (int i = 0; i < 4; i++) o0[i] = 0;
  pthread_create(&t3, 0, worker3, 0);
  free(o0); // RACE!
  pthread_join(t3, 0);
  return r == 12345;
}
