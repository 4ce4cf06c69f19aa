#include <pthread.h>
#include <stdlib.h>
#include <stdint.h>
uintptr_t sh;
void *r(void *a) { if (sh) *(int *)sh = 3; return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, r, 0);
  int *n = malloc(sizeof *n);
  sh = (uintptr_t)n + 0;
  *n = 1;
  return 0;
}
