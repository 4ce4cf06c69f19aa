#include <pthread.h>
#include <stdlib.h>
int g;
void *w(void *a) {
  pthread_mutex_t *m = malloc(sizeof *m);
  pthread_mutex_init(m, 0);
  pthread_mutex_lock(m); g++; pthread_mutex_unlock(m);
  return 0;
}
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, w, 0);
  pthread_create(&t2, 0, w, 0);
  return 0;
}
