#include <pthread.h>
int g;
void *w(void *a) { g++; return 0; }
void spawn(void) { pthread_t t; pthread_create(&t, 0, w, 0); }
int main(void) {
  void (*f)(void) = spawn;
  f(); f();
  return 0;
}
