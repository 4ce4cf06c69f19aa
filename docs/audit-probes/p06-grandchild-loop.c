#include <pthread.h>
int g;
void *gc(void *a) { g++; return 0; }
void *c(void *a) { pthread_t t; pthread_create(&t, 0, gc, 0); return 0; }
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, c, 0);
  return 0;
}
