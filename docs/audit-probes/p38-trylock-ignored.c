#include <pthread.h>
int g; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_trylock(&m); g++; pthread_mutex_unlock(&m); return 0; }
int main(void) { pthread_t t1, t2; pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, w, 0); return 0; }
