#include <pthread.h>
__thread int tl;
int *pub;
void *w(void *a) { __atomic_store_n(&pub, &tl, 5); tl = 1; return 0; }
void *r(void *a) { int *q; while (!(q = __atomic_load_n(&pub, 5))) ; *q = 2; return 0; }
int main(void) { pthread_t t1, t2; pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, r, 0); return 0; }
