/* expect: racy */
/* A lock wrapper that moves its parameter before locking (it locks the next node's mutex), and a caller that moves its pointer after the wrapper locked: neither caller holds the mutex of the node it writes. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

struct node { pthread_mutex_t m; int val; struct node *next; };
struct node nodes[2];

static void lock_next(struct node *n) {
    n = n->next;
    pthread_mutex_lock(&n->m);
}

static void unlock_next(struct node *n) {
    n = n->next;
    pthread_mutex_unlock(&n->m);
}

static void node_lock(struct node *n) {
    pthread_mutex_lock(&n->m);
}

static void node_unlock(struct node *n) {
    pthread_mutex_unlock(&n->m);
}

void *worker(void *arg) {
    (void)arg;
    struct node *p = &nodes[0];
    lock_next(p);
    p->val++; // RACE!
    unlock_next(p);
    struct node *q = &nodes[1];
    node_lock(q);
    q = q->next;
    q->val = 3; // RACE!
    node_unlock(&nodes[1]);
    return NULL;
}

int main(void) {
    pthread_mutex_init(&nodes[0].m, NULL);
    pthread_mutex_init(&nodes[1].m, NULL);
    nodes[0].next = &nodes[1];
    nodes[1].next = &nodes[0];
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    struct node *r = &nodes[0];
    node_lock(r);
    r->val++; // RACE!
    node_unlock(r);
    return 0;
}
