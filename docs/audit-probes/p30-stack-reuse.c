#include <pthread.h>
int *sh;
pthread_t t;
void *w(void *a) { int *p = a; *p = 1; return 0; }
void start(void) { int x; pthread_create(&t, 0, w, &x); }
void other(void) { int y = 5; sh = &y; y = 7; }
int main(void) {
  start();
  other();
  pthread_join(t, 0);
  return 0;
}
