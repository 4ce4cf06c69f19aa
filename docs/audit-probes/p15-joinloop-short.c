#include <pthread.h>
int g[3];
void *w(void *a) { g[0]++; return 0; }
int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++) pthread_create(&t[i], 0, w, 0);
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
  g[0] = 5;
  return 0;
}
