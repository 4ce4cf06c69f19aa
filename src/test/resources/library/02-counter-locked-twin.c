/* expect: race-free */
/* twin of 01: every access to a counter holds that counter's lock (taken through the same pointer), and the call
   counter holds a global lock, so no two client threads race, whichever objects they pass */
#include <pthread.h>
struct counter { pthread_mutex_t m; int n; };
static pthread_mutex_t calls_lock = PTHREAD_MUTEX_INITIALIZER;
static int calls;
void counter_inc(struct counter *c) {
    pthread_mutex_lock(&c->m);
    c->n++; // NORACE
    pthread_mutex_unlock(&c->m);
    pthread_mutex_lock(&calls_lock);
    calls++; // NORACE
    pthread_mutex_unlock(&calls_lock);
}
int counter_get(struct counter *c) {
    pthread_mutex_lock(&c->m);
    int v = c->n; // NORACE
    pthread_mutex_unlock(&c->m);
    return v;
}
