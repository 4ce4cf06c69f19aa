/* expect: racy */
/* The object handed to each thread is also stored in a shared table another thread walks. */
#include <pthread.h>
#include <stdlib.h>

struct job { int in; int out; };
struct job *table[4];

void *work(void *arg) {
    struct job *j = arg;
    j->out = j->in * 2; // RACE!
    return NULL;
}

void *audit(void *arg) {
    int s = 0;
    for (int i = 0; i < 4; i++) if (table[i]) s += table[i]->out; // RACE!
    return (void *)(long)s;
}

int main(void) {
    pthread_t t[4], a;
    pthread_create(&a, NULL, audit, NULL);
    for (int i = 0; i < 4; i++) {
        struct job *j = malloc(sizeof *j);
        j->in = i;
        table[i] = j;
        pthread_create(&t[i], NULL, work, j);
    }
    return 0;
}
