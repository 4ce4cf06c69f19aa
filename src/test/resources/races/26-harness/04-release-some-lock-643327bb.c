/* expect: racy */
/* soundness harness seed 7220158314125362581: tm-true-but-race (race seen by exploration); o0:mutex; hole release_some_lock on o0 */
#include <pthread.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
int lockflag;
pthread_mutex_t m0 = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t ml[2];
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int o0;
pthread_t t1;
pthread_t t2;
void acquire(pthread_mutex_t *p) {
  pthread_mutex_lock(p);
}
void release(pthread_mutex_t *p) {
  pthread_mutex_unlock(p);
}
int release_one(pthread_mutex_t *p) {
  pthread_mutex_unlock(p);
  return 1;
}
void *worker1(void *arg) {
  int r = 0;
  return (void *) (long) r;
}
void *worker2(void *arg) {
  int r = 0;
  {
    int k1 = __VERIFIER_nondet_int(); __VERIFIER_assume(k1 >= 0 && k1 <= 1);
    pthread_mutex_lock(&ml[0]);
    pthread_mutex_lock(&ml[1]);
    { pthread_mutex_t *q = &ml[k1]; release(q); }
    { int *p0 = &o0; *p0 = *p0 + 1; } // RACE!
    pthread_mutex_unlock(&ml[1 - k1]);
  }
  return (void *) (long) r;
}
int main(void) {
  int r = 0;
  lockflag = 1;
  for (int i = 0; i < 2; i++) pthread_mutex_init(&ml[i], 0);
  {
    void *(*start)(void *) = worker2;
    pthread_create(&t2, 0, start, 0);
  }
  {
    acquire(&ml[0]);
    o0 = o0 + 1; // RACE!
    pthread_mutex_unlock(&ml[0]);
  }
  pthread_join(t2, 0);
  return r == 12345;
}
