/* expect: racy */
/* srand and rand share one hidden state: seeding in main races with drawing in the thread. */
#include <pthread.h>
#include <stdlib.h>

void *t(void *a) {
    int r = rand(); // RACE!
    return (void *)(long)r;
}

int main(void) {
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    srand(42); // RACE!
    pthread_join(a, 0);
    return 0;
}
