#include <pthread.h>
#include <semaphore.h>
#include <string.h>
int g; sem_t s;
void *w(void *a) { sem_wait(&s); g++; sem_post(&s); return 0; }
void *z(void *a) { sem_t t; sem_init(&t, 0, 1); memcpy(&s, &t, sizeof t); return 0; }
int main(void) { pthread_t t1, t2, t3; sem_init(&s, 0, 1); pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, w, 0); pthread_create(&t3, 0, z, 0); return 0; }
