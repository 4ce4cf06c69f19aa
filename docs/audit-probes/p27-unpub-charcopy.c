#include <pthread.h>
#include <stdlib.h>
int *sh;
void *r(void *a) { if (sh) *sh = 3; return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, r, 0);
  int *n = malloc(sizeof *n);
  char *d = (char *)&sh, *s = (char *)&n;
  for (unsigned i = 0; i < sizeof n; i++) d[i] = s[i];
  *n = 1;
  return 0;
}
