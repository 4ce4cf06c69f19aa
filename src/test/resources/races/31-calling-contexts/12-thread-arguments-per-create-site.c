/* expect: race-free */
/* one start routine created at two sites with different objects as its argument: each thread reaches, through its parameter and a helper, only the object its create call passed */
#include <pthread.h>
#include <stdlib.h>

struct account { int balance; int history[8]; };

struct account savings;

static void record(struct account *a, int i) {
    a->history[i % 8] = a->balance; // NORACE
}

void *deposit(void *arg) {
    struct account *a = arg;
    for (int i = 0; i < 4; i++) {
        a->balance += 10; // NORACE
        record(a, i);
    }
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    struct account *current = malloc(sizeof *current);
    current->balance = 0;
    pthread_create(&t1, 0, deposit, &savings);
    pthread_create(&t2, 0, deposit, current);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    int total = savings.balance + current->balance;
    free(current);
    return total;
}
