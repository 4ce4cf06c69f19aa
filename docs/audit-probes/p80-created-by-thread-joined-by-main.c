#include <pthread.h>
int g; pthread_t gt;
void *gc(void *a) { g = 1; return 0; }
void *c(void *a) { pthread_create(&gt, 0, gc, 0); return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, c, 0); pthread_join(t, 0); g = 2; pthread_join(gt, 0); return 0; }
