/* expect: racy */
/* soundness harness seed 7076470311180223845: tm-true-but-race (race seen by tsan); o0:mutex o1:rwlock; hole free_early on o0 */
#include <pthread.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
int lockflag;
pthread_mutex_t m0 = PTHREAD_MUTEX_INITIALIZER;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
struct o0_t { int x; int y; } *o0;
int *o1;
pthread_t t1;
pthread_t t2;
pthread_t t3;
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
  return (void *) (long) r;
}
void *worker3(void *arg) {
  int r = 0;
  {
    acquire(&m0);
    o0->y = 1; // RACE!
    pthread_mutex_unlock(&m0);
  }
  return (void *) (long) r;
}
int main(void) {
  int r = 0;
  lockflag = 1;
  o0 = malloc(sizeof(struct o0_t));
  if (o0 == 0) return 0;
  o0->x = 0;
  o0->y = 0;
  o1 = malloc(4 * sizeof(int));
  if (o1 == 0) return 0;
  for (int i = 0; i < 4; i++) o1[i] = 0;
  pthread_create(&t3, 0, worker3, 0);
  free(o0); // RACE!
  pthread_join(t3, 0);
  free(o1);
  return r == 12345;
}
