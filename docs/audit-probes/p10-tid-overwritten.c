#include <pthread.h>
int g;
void *w1(void *a) { g = 1; return 0; }
void *w2(void *a) { return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, w1, 0);
  pthread_create(&t, 0, w2, 0);
  pthread_join(t, 0);
  g = 2;
  return 0;
}
