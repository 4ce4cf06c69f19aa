#include <pthread.h>
struct S { int a; int b; } s;
void *w(void *x) { char *p = (char *)&s; p[4] = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); s.b = 2; return 0; }
