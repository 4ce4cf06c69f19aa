#include <pthread.h>
int g;
void *w(void *a) { g++; return 0; }
void spawn(int n) { pthread_t t; if (n > 0) { pthread_create(&t, 0, w, 0); spawn(n - 1); } }
int main(void) { spawn(2); return 0; }
