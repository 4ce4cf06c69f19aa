#include <pthread.h>
int g;
void *w(void *a) { g++; return 0; }
int main(void) {
  pthread_t t; int i = 0;
again:
  pthread_create(&t, 0, w, 0);
  if (++i < 2) goto again;
  return 0;
}
