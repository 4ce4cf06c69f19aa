/* expect: racy */
/* weft: imprecise: the explorer cannot follow a pointer made from (char *)0 plus an integer, so the race stays unconfirmed. A start routine taking a long gets its index as the pointer argument (void *)i (the integer-to-pointer cast gives unknown memory, which slots + k must not reach), and the address of a counter as an integer that it turns back into a pointer with (char *)0 + addr: that pointer still reaches the counter. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

int slots[2];
int counter;
uintptr_t addr;
char *banner;

int worker(long k) {
    slots[k] = 1; // NORACE
    int *p = (int *)((char *)0 + addr);
    *p += 1; // RACE!
    return 0;
}

int main(void) {
    pthread_t t[2];
    addr = (uintptr_t)&counter;
    banner = malloc(16);
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], 0, (void *(*)(void *))worker, (void *)i);
    banner[0] = 'x'; // NORACE
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    return slots[0] + slots[1]; // NORACE
}
