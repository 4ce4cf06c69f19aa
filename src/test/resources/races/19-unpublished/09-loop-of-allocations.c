/* expect: race-free */
/* A loop allocates, fills and links nodes; each node is filled before it is linked, and the list
   is only touched under the lock once linked. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct node { int data[4]; struct node *next; };
struct node *list;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *producer(void *arg) {
    for (int i = 0; i < 3; i++) {
        struct node *n = malloc(sizeof *n);
        memset(n, 0, sizeof *n); // NORACE
        n->data[i] = i;          // NORACE
        pthread_mutex_lock(&m);
        n->next = list;
        list = n;
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

void *consumer(void *arg) {
    pthread_mutex_lock(&m);
    struct node *n = list;
    if (n) {
        list = n->next;
        n->data[0]++;
    }
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t a, b, c;
    pthread_create(&a, NULL, producer, NULL);
    pthread_create(&b, NULL, producer, NULL);
    pthread_create(&c, NULL, consumer, NULL);
    return 0;
}
