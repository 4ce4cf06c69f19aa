#include <pthread.h>
int g;
pthread_once_t o[2] = {PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT};
void init(void) { g++; }
void *w(void *a) { pthread_once(&o[(long)a], init); return 0; }
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, w, (void *)0);
  pthread_create(&t2, 0, w, (void *)1);
  return 0;
}
