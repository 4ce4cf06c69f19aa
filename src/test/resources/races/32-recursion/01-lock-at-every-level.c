/* expect: race-free */
/* a recursive tree walk that takes the lock around its update at every level: the accesses after the recursive calls are still under the lock */
#include <pthread.h>
#include <stdlib.h>

struct node { struct node *left, *right; int key; };

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int visited;
int largest;
struct node *root;

static void visit(struct node *n) {
    if (n == 0) return;
    pthread_mutex_lock(&m);
    visited++; // NORACE
    pthread_mutex_unlock(&m);
    visit(n->left);
    visit(n->right);
    pthread_mutex_lock(&m);
    if (n->key > largest) largest = n->key; // NORACE
    pthread_mutex_unlock(&m);
}

static struct node *build(int depth) {
    if (depth == 0) return 0;
    struct node *n = malloc(sizeof *n);
    n->key = depth;
    n->left = build(depth - 1);
    n->right = build(depth - 1);
    return n;
}

void *walker(void *arg) {
    visit(root);
    pthread_mutex_lock(&m);
    visited = 0; // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    root = build(3);
    pthread_create(&t1, 0, walker, 0);
    pthread_create(&t2, 0, walker, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return visited;
}
