#include <pthread.h>
#include <stdlib.h>
int *sh;
void *r(void *a) { int *p = sh; if (p) *p = 3; return 0; }
int *mk(void) { return malloc(sizeof(int)); }
int main(void) {
  pthread_t t;
  sh = mk();
  pthread_create(&t, 0, r, 0);
  int *n = mk();
  *n = 1;
  sh = n;
  *n = 2;
  return 0;
}
