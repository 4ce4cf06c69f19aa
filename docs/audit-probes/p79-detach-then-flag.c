#include <pthread.h>
int g;
void *w(void *a) { g = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); pthread_detach(t); g = 2; return 0; }
