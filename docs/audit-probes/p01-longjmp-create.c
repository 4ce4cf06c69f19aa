#include <pthread.h>
#include <setjmp.h>
jmp_buf env;
int g;
void *w(void *a) { g = 1; return 0; }
int main(void) {
  pthread_t t;
  volatile int n = 0;
  setjmp(env);
  g = 2;
  if (n < 1) { n++; pthread_create(&t, 0, w, 0); longjmp(env, 1); }
  return 0;
}
