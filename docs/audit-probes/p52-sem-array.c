#include <pthread.h>
#include <semaphore.h>
int g; sem_t s[2];
void *w(void *a) { sem_wait(&s[0]); g++; sem_post(&s[0]); return 0; }
void *z(void *a) { long i = (long)a; sem_post(&s[i]); return 0; }
int main(void) { pthread_t t1, t2, t3; sem_init(&s[0], 0, 1); sem_init(&s[1], 0, 1); pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, w, 0); pthread_create(&t3, 0, z, (void*)0); return 0; }
