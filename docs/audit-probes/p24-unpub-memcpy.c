#include <pthread.h>
#include <stdlib.h>
#include <string.h>
struct box { int *p; } shared_box;
void *r(void *a) { while (!shared_box.p) ; *shared_box.p = 3; return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, r, 0);
  int *n = malloc(sizeof *n);
  struct box b; b.p = n;
  memcpy(&shared_box, &b, sizeof b);
  *n = 1;
  return 0;
}
