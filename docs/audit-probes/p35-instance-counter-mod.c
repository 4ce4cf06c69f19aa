#include <pthread.h>
int g[4];
void *w(void *x) { long i = (long)x; g[i]++; return 0; }
int main(void) {
  pthread_t t[4];
  for (long i = 0; i < 4; i++) { pthread_create(&t[i], 0, w, (void *)i); if (i == 1) i = -1 + 1; }
  return 0;
}
