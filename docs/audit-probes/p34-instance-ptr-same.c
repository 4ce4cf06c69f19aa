#include <pthread.h>
int g[2];
void *w(void *x) { int *p = x; *p += 1; return 0; }
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, &g[i & 0]);
  return 0;
}
