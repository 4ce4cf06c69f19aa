#include <pthread.h>
#include <stdlib.h>
int g;
void h(void) { g = 2; }
void *w(void *a) { g = 1; return 0; }
int main(void) {
  pthread_t t;
  atexit(h);
  pthread_create(&t, 0, w, 0);
  exit(0);
}
