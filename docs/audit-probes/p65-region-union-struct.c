#include <pthread.h>
union U { struct { char c0, c1, c2, c3; } b; int i; } u;
void *w(void *x) { u.b.c2 = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); u.i = 2; return 0; }
