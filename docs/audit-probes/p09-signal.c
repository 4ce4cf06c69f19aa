#include <pthread.h>
#include <signal.h>
int g;
void h(int s) { g = 2; }
void *w(void *a) { raise(SIGUSR1); return 0; }
int main(void) {
  pthread_t t;
  signal(SIGUSR1, h);
  pthread_create(&t, 0, w, 0);
  g = 1;
  pthread_join(t, 0);
  return 0;
}
