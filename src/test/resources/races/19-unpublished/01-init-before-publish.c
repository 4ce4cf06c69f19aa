/* expect: race-free */
/* Each worker allocates a node, initialises it through a helper before linking it into the shared
   list under the lock; main initialises the list head with the same helper before any thread. */
#include <pthread.h>
#include <stdlib.h>

struct node { int datum; struct node *next; };
struct node *head;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void init(struct node *p, int v) {
    p->datum = v;   // NORACE
    p->next = NULL; // NORACE
}

void *worker(void *arg) {
    struct node *p = malloc(sizeof *p);
    init(p, 1);
    p->datum += 2; // NORACE
    pthread_mutex_lock(&m);
    p->next = head->next;
    head->next = p;
    pthread_mutex_unlock(&m);
    return NULL;
}

void *reader(void *arg) {
    pthread_mutex_lock(&m);
    for (struct node *q = head; q; q = q->next) q->datum++;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    head = malloc(sizeof *head);
    init(head, 0);
    pthread_t t[4];
    pthread_create(&t[0], NULL, worker, NULL);
    pthread_create(&t[1], NULL, worker, NULL);
    pthread_create(&t[2], NULL, reader, NULL);
    pthread_create(&t[3], NULL, reader, NULL);
    return 0;
}
