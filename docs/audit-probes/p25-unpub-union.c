#include <pthread.h>
#include <stdlib.h>
union u { int *p; long l; } sh;
void *r(void *a) { if (sh.p) *sh.p = 3; return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, r, 0);
  int *n = malloc(sizeof *n);
  union u x; x.p = n;
  sh.l = x.l;
  *n = 1;
  return 0;
}
