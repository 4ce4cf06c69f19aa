/* expect: race-free */
/* twin of 02: the lock that may be either one of the two is released only after the access, so both are held at it */
#include <pthread.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
int lockflag;
pthread_mutex_t m0 = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t ml[2];
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
struct o0_t { int x; int y; } *o0;
int o1;
int *o2;
pthread_t t1;
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
  {
    int k0 = __VERIFIER_nondet_int(); __VERIFIER_assume(k0 >= 0 && k0 <= 1);
    pthread_mutex_lock(&ml[0]);
    pthread_mutex_lock(&ml[1]);
    r += o1;
    { pthread_mutex_t *q = &ml[k0]; release(q); }
    pthread_mutex_unlock(&ml[1 - k0]);
  }
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
  o2 = malloc(4 * sizeof(int));
  if (o2 == 0) return 0;
  for (int i = 0; i < 4; i++) o2[i] = 0;
  o0->x = 2;
  o2[3] = 3;
  pthread_create(&t1, 0, worker1, 0);
  if (pthread_mutex_trylock(&ml[0]) == 0) {
    o1 = o1 + 1;
    pthread_mutex_unlock(&ml[0]);
  }
  pthread_join(t1, 0);
  free(o0);
  free(o2);
  return r == 12345;
}
