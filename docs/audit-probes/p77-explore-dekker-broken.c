#include <pthread.h>
_Atomic int f0, f1; int data;
void *a(void *x) { f0 = 1; if (f1 == 0) { data++; } f0 = 0; return 0; }
void *b(void *x) { if (f0 == 0) { f1 = 1; data++; f1 = 0; } return 0; }
int main(void) { pthread_t t1, t2; pthread_create(&t1, 0, a, 0); pthread_create(&t2, 0, b, 0); return 0; }
