/* expect: racy */
/* soundness harness seed 3504473390007688776: tm-true-but-race (race seen by tsan); o0:vatomic o1:rwlock; hole free_early on o0 */
#include <pthread.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
int lockflag;
pthread_mutex_t m0 = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t ml[2];
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
struct o0_t { int x; int y; } *o0;
int o1;
pthread_t t1;
int __VERIFIER_atomic_op0(void) {
  int r = 0;
  o0->y = o0->y + 1; // RACE!
  return r;
}
int __VERIFIER_atomic_op1(void) {
  int r = 0;
  o0->y++;
  return r;
}
void *worker1(void *arg) {
  int r = 0;
  r += __VERIFIER_atomic_op0();
  return (void *) (long) r;
}
int main(void) {
  int r = 0;
  lockflag = 1;
  for (int i = 0; i < 2; i++) pthread_mutex_init(&ml[i], 0);
  o0 = malloc(sizeof(struct o0_t));
  if (o0 == 0) return 0;
  o0->x = 0;
  o0->y = 0;
  pthread_create(&t1, 0, worker1, 0);
  free(o0);
  pthread_join(t1, 0);
  return r == 12345;
}
