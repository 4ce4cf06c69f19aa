#include <pthread.h>
int a[4];
void *w(void *x) { int *p = &a[3]; int *q = p - 3; *q = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); a[0] = 2; return 0; }
