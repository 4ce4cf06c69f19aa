/* expect: race-free */
/* Each thread instance allocates, uses and frees its own heap object; nothing is shared. */
#include <pthread.h>
#include <stdlib.h>

struct buf {
    int len;
    int data[8];
};

void *worker(void *arg) {
    struct buf *b = malloc(sizeof *b);
    (void)arg;
    if (b == NULL)
        return NULL;
    b->len = 0; // NORACE
    for (int i = 0; i < 8; i++)
        b->data[b->len++] = i; // NORACE
    free(b);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, worker, NULL);
    pthread_create(&t2, NULL, worker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
