/* Interrupt masking as the atomic section. */
#include <pthread.h>
extern void irq_disable(void);
extern void irq_enable(void);
int x;
void *w(void *a) { irq_disable(); x++; irq_enable(); return a; }
int main(void) { pthread_t t; pthread_create(&t, 0, w, 0); irq_disable(); x++; irq_enable(); pthread_join(t, 0); return 0; }
