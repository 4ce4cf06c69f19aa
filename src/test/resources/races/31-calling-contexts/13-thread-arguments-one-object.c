/* expect: racy */
/* weft: imprecise: the race needs argc > 1, and main's arguments are inputs the witness search does not choose, so it stays possible (never refuted). the same start routine created at two sites, one given a pointer read back from a global that the other's argument also reaches: both threads update one object */
#include <pthread.h>
#include <stdlib.h>

struct account { int balance; };

struct account savings;
struct account *chosen = &savings;

void *deposit(void *arg) {
    struct account *a = arg;
    a->balance += 10; // RACE!
    return 0;
}

int main(int argc, char **argv) {
    pthread_t t1, t2;
    struct account *current = malloc(sizeof *current);
    current->balance = 0;
    if (argc > 1) chosen = current;
    pthread_create(&t1, 0, deposit, current);
    pthread_create(&t2, 0, deposit, chosen);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    free(current);
    return savings.balance;
}
