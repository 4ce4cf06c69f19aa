#include <pthread.h>
#include <semaphore.h>
int g; sem_t s;
void post(void) { sem_post(&s); }
void (*fp)(void) = post;
void *w(void *a) { sem_wait(&s); g++; sem_post(&s); return 0; }
void *z(void *a) { fp(); return 0; }
int main(void) { pthread_t t1, t2, t3; sem_init(&s, 0, 1); pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, w, 0); pthread_create(&t3, 0, z, 0); return 0; }
