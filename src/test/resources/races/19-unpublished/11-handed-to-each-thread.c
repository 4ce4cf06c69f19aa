/* expect: race-free */
/* Every thread receives its own freshly allocated object and is its only user. */
#include <pthread.h>
#include <stdlib.h>

struct job { int in; int out; };

void *work(void *arg) {
    struct job *j = arg;
    j->out = j->in * 2; // NORACE
    free(j);
    return NULL;
}

int main(void) {
    pthread_t t[8];
    for (int i = 0; i < 8; i++) {
        struct job *j = malloc(sizeof *j);
        j->in = i; // NORACE
        pthread_create(&t[i], NULL, work, j);
    }
    for (int i = 0; i < 8; i++) pthread_join(t[i], NULL);
    return 0;
}
