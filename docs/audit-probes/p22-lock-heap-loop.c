#include <pthread.h>
#include <stdlib.h>
int g;
pthread_mutex_t *ms[2];
void *w(void *a) {
  pthread_mutex_t *m = a;
  pthread_mutex_lock(m); g++; pthread_mutex_unlock(m);
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) { ms[i] = malloc(sizeof(pthread_mutex_t)); pthread_mutex_init(ms[i], 0); }
  for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, w, ms[i]);
  return 0;
}
