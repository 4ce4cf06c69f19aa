#include <pthread.h>
int g;
void *w(void *a) { g = 1; return 0; }
void *z(void *a) { return 0; }
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, 0);
  pthread_create(&t[1], 0, z, 0);
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
  g = 2;
  return 0;
}
