/* expect: racy */
/* Each thread gets its own object, but the creator keeps writing to it. */
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
    for (int i = 0; i < 2; i++) {
        struct job *j = malloc(sizeof *j);
        j->in = i; // NORACE
        pthread_create(&t[i], NULL, work, j);
        j->out = 0; // RACE!
    }
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return 0;
}
