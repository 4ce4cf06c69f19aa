#include <pthread.h>
int g;
pthread_once_t o = PTHREAD_ONCE_INIT;
void init(void) { g++; }
void *w(void *a) { pthread_once(&o, init); return 0; }
void *z(void *a) { pthread_once_t fresh = PTHREAD_ONCE_INIT; o = fresh; return 0; }
int main(void) { pthread_t t1, t2, t3; pthread_create(&t3, 0, z, 0); pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, w, 0); return 0; }
