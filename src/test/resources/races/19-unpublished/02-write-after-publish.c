/* expect: racy */
/* The node is written again after it was linked in, without the lock. */
#include <pthread.h>
#include <stdlib.h>

struct node { int datum; struct node *next; };
struct node *head;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    struct node *p = malloc(sizeof *p);
    p->datum = 0; // NORACE
    p->next = NULL;
    pthread_mutex_lock(&m);
    p->next = head;
    head = p;
    pthread_mutex_unlock(&m);
    p->datum = 5; // RACE!
    return NULL;
}

void *reader(void *arg) {
    pthread_mutex_lock(&m);
    int s = head ? head->datum : 0; // RACE!
    pthread_mutex_unlock(&m);
    return (void *)(long)s;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, reader, NULL);
    return 0;
}
