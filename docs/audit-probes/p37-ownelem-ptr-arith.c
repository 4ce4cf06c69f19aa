#include <pthread.h>
int a[3];
void *w(void *x) { int *p = x; p[1] = 1; return 0; }
int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 2; i++) { a[i] = 2; pthread_create(&t[i], 0, w, &a[i]); }
  return 0;
}
