/* expect: racy */
/* soundness harness seed 6532522960446026829: bounded-true-but-race (race seen by exploration); o0:vatomic; hole plain_among_atomics on o0 */
/* OPEN (D20): the bounded layer alone answers race-free (the final verdict is false, with a witness); with the atomic function replaced by the same plain statement the bounded layer finds the race. See docs/soundness-audit.md */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <threads.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
static int wy_argc;
int lockflag;
pthread_mutex_t m0 = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int o0[4];
thrd_t t1;
int __VERIFIER_atomic_op0(void) {
  int r = 0;
  o0[0] = 2;
  return r;
}
int __VERIFIER_atomic_op1(void) {
  int r = 0;
  o0[0] = o0[0] + 1; // RACE!
  return r;
}
int __VERIFIER_atomic_op2(void) {
  int r = 0;
  o0[0]++;
  return r;
}
void *worker1(void *arg) {
  int r = 0;
  o0[0] = 2; // RACE!
  return (void *) (long) r;
}
int c11_worker1(void *arg) {
  return (int) (long) worker1(arg);
}
int main(void) {
  int r = 0;
  lockflag = 1;
  if (thrd_create(&t1, c11_worker1, 0) != thrd_success) return 0;
  r += __VERIFIER_atomic_op1();
  thrd_join(t1, 0);
  return r == 12345;
}
