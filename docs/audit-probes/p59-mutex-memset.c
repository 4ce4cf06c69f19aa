#include <pthread.h>
#include <string.h>
int g; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); g++; pthread_mutex_unlock(&m); return 0; }
void *z(void *a) { memset(&m, 0, sizeof m); return 0; }
int main(void) { pthread_t t1, t2, t3; pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, w, 0); pthread_create(&t3, 0, z, 0); return 0; }
