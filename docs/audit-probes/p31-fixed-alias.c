#include <pthread.h>
int a[2], b[2];
int *arr = a;
void *w(void *x) { long i = (long)x; arr[i] = 1; return 0; }
void *z(void *x) { int **pp = &arr; *pp = b; return 0; }
int main(void) {
  pthread_t t[2], u;
  pthread_create(&u, 0, z, 0);
  for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, w, (void *)i);
  return 0;
}
