#include <pthread.h>
int a[3];
void *w(void *x) { int *p = x; *p = 1; return 0; }
int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++) { pthread_create(&t[i], 0, w, &a[i]); if (i > 0) a[i - 1] = 2; }
  return 0;
}
