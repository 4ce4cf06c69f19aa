#include <pthread.h>
__thread int tl[2];
int *pub;
void *w(void *a) { int *p = tl; __atomic_store_n(&pub, p + 1, 5); tl[1] = 1; return 0; }
void *r(void *a) { int *q = __atomic_load_n(&pub, 5); if (q) *q = 2; return 0; }
int main(void) { pthread_t t1, t2; pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, r, 0); return 0; }
