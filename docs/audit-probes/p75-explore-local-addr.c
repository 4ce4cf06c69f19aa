#include <pthread.h>
int *_Atomic pub;
void *r(void *a) { int *q; while (!(q = pub)) ; *q = 2; return 0; }
int main(void) {
  pthread_t t; int x = 0;
  pthread_create(&t, 0, r, 0);
  x = 1;
  pub = &x;
  x = 3;
  pthread_join(t, 0);
  return x;
}
