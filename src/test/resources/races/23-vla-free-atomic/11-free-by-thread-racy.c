/* expect: racy */
/* A thread frees a struct through a pointer while main still writes one of its fields. */
#include <pthread.h>
#include <stdlib.h>

struct node { int key; int val; };

void *disposer(void *arg) {
    free(arg); // RACE!
    return NULL;
}

int main(void) {
    pthread_t t;
    struct node *n = malloc(sizeof *n);
    n->key = 1;
    pthread_create(&t, NULL, disposer, n);
    n->val = 2; // RACE!
    pthread_join(t, NULL);
    return 0;
}
