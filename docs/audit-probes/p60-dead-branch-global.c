#include <pthread.h>
int g; int mode;
void *w(void *a) { if (__atomic_load_n(&mode, 5)) g = 1; return 0; }
void *z(void *a) { int *p = &mode; __atomic_store_n(p, 1, 5); return 0; }
int main(void) { pthread_t t1, t2; pthread_create(&t2, 0, z, 0); pthread_create(&t1, 0, w, 0); g = 2; return 0; }
