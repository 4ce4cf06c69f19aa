/* expect: racy */
/* issue 35: main starts as many workers as its first argument says (one when it has none); two workers increment a
   counter without a lock. main's arguments are inputs: the witness search starts it with command lines of its own
   (weft.explore.CommandLines), finds the race with "prog 4 2", and the reproducer runs the program so. */
#include <pthread.h>
#include <stdlib.h>

static int counter;

static void *worker(void *arg) {
    counter++; // RACE!
    return arg;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1;
    if (n > 2)
        n = 2;
    pthread_t t[2];
    for (int i = 0; i < n; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < n; i++)
        pthread_join(t[i], NULL);
    return counter;
}
