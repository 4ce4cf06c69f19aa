/* expect: racy */
/* One object allocated before the loop is handed to every thread. */
#include <pthread.h>
#include <stdlib.h>

struct job { int in; int out; };

void *work(void *arg) {
    struct job *j = arg;
    j->out = j->in * 2; // RACE!
    return NULL;
}

int main(void) {
    pthread_t t[2];
    struct job *j = malloc(sizeof *j);
    j->in = 1; // NORACE
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, work, j);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return 0;
}
