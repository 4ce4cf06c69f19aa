#include <pthread.h>
#include <semaphore.h>
int g; sem_t s;
void *w(void *a) { sem_trywait(&s); g++; sem_post(&s); return 0; }
int main(void) { pthread_t t1, t2; sem_init(&s, 0, 1); pthread_create(&t1, 0, w, 0); pthread_create(&t2, 0, w, 0); return 0; }
