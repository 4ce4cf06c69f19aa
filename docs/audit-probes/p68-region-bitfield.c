#include <pthread.h>
struct S { unsigned x : 4; unsigned y : 4; } s;
void *w(void *a) { s.x = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); s.y = 2; return 0; }
