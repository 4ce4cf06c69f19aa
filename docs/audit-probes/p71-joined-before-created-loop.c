#include <pthread.h>
int g;
void *a(void *x) { g = 1; return 0; }
void *b(void *x) { g = 2; return 0; }
int main(void) {
  pthread_t ta, tb;
  for (int i = 0; i < 2; i++) {
    if (i == 1) pthread_create(&tb, 0, b, 0);
    if (i == 0) { pthread_create(&ta, 0, a, 0); }
  }
  pthread_join(ta, 0);
  return 0;
}
