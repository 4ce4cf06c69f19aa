#include <pthread.h>
int g[2];
void *w(void *x) { long i = (long)x; g[i]++; return 0; }
int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, w, (void *)(i / 2));
  return 0;
}
