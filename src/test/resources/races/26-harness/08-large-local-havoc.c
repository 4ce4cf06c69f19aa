/* expect: racy */
/* harness seed 7056707616011208174 (hole atomic_publish, minimised by hand): a thread's 4 KB local made indeterminate at its declaration overflowed the bounded layer's known bytes and recursed without end (StackOverflowError with --prover bounded); the race is still found */
#include <pthread.h>
#include <string.h>
int shared;
void *worker(void *arg) {
  char buf[4000];
  memset(buf, 1, sizeof buf);
  shared = buf[7]; // RACE!
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  int r = shared; // RACE!
  pthread_join(t, 0);
  return r;
}
