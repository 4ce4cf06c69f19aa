#include <pthread.h>
#include <semaphore.h>
int g; sem_t s; int n = 2;
void *w(void *a) { sem_wait(&s); g++; sem_post(&s); return 0; }
int main(void) { pthread_t t1, t2; sem_init(&s, 0, n); pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, w, 0); return 0; }
