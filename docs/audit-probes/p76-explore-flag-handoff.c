#include <pthread.h>
_Atomic int turn; int data;
void *a(void *x) { while (turn != 0) ; data = 1; turn = 1; data = 5; return 0; }
void *b(void *x) { while (turn != 1) ; data = 2; turn = 0; return 0; }
int main(void) { pthread_t t1, t2; pthread_create(&t1, 0, a, 0); pthread_create(&t2, 0, b, 0); pthread_join(t1, 0); pthread_join(t2, 0); return 0; }
