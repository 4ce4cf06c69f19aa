#include <pthread.h>
void *w(void *a) { int *p = a; *p = 1; return 0; }
int main(void) {
  pthread_t t; int x = 0;
  int *q = &x;
  pthread_create(&t, 0, w, q);
  x = 2;
  pthread_join(t, 0);
  return 0;
}
