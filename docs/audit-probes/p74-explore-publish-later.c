#include <pthread.h>
#include <stdlib.h>
int *_Atomic pub;
void *r(void *a) { int *q; while (!(q = pub)) ; *q = 2; return 0; }
int main(void) {
  pthread_t t; pthread_create(&t, 0, r, 0);
  int *n = malloc(sizeof *n);
  *n = 1;
  pub = n;
  *n = 3;
  pthread_join(t, 0);
  return 0;
}
