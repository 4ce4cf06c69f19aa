#include <pthread.h>
int g;
void *w(void *a) { g = 1; return 0; }
int main(void) {
  pthread_t t;
  for (int i = 0; i < 2; i++) pthread_create(&t, 0, w, 0);
  pthread_join(t, 0);
  g = 2;
  return 0;
}
