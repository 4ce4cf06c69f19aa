#include <pthread.h>
#include <unistd.h>
int g;
void *gc(void *a) { g = 1; return 0; }
void *c(void *a) { pthread_t t; pthread_create(&t, 0, gc, 0); sleep(1); pthread_join(t, 0); return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, c, 0);
  pthread_cancel(t);
  pthread_join(t, 0);
  g = 2;
  return 0;
}
