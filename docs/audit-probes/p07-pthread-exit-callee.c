#include <pthread.h>
int g; int flag;
void *gc(void *a) { g = 1; return 0; }
void quit(void) { if (flag) pthread_exit(0); }
void *c(void *a) { pthread_t t; pthread_create(&t, 0, gc, 0); quit(); pthread_join(t, 0); return 0; }
int main(void) {
  pthread_t t;
  flag = __VERIFIER_nondet_int();
  pthread_create(&t, 0, c, 0);
  pthread_join(t, 0);
  g = 2;
  return 0;
}
