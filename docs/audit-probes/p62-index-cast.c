#include <pthread.h>
int a[8];
void *w(void *x) { int i = 260; a[(unsigned char)i] = 1; return 0; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); a[4] = 2; return 0; }
