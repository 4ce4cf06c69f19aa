#include <pthread.h>
int g;
pthread_mutex_t m[2] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER};
void *w(void *a) {
  long i = (long)a;
  pthread_mutex_lock(&m[i]); g++; pthread_mutex_unlock(&m[i]);
  return 0;
}
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, w, (void *)0);
  pthread_create(&t2, 0, w, (void *)1);
  return 0;
}
