/* expect: racy */
/* weft: imprecise: the race needs main's arguments other than argc 1, which the witness search starts main with, so it stays possible (never refuted: argc and argv are inputs) */
/* the race needs an argument string starting with 'r': argv's strings are inputs, not the one program name the interpreter starts main with */
#include <pthread.h>

int shared;
int mode;

void *worker(void *arg) {
    if (mode) shared = 1; // RACE!
    return 0;
}

int main(int argc, char **argv) {
    pthread_t t;
    mode = argc > 1 && argv[1][0] == 'r';
    pthread_create(&t, 0, worker, 0);
    shared = 2; // RACE!
    pthread_join(t, 0);
    return 0;
}
