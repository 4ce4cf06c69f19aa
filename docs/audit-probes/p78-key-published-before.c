#include <pthread.h>
#include <stdlib.h>
int *last;
void *w(void *a) { int *p = a; *p += 1; return 0; }
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) { int *p = malloc(sizeof *p); *p = 0; if (i == 0) last = p; pthread_create(&t[i], 0, w, i == 0 ? p : last); }
  return 0;
}
