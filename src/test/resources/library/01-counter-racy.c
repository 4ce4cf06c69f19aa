/* expect: racy */
/* A library without main: any number of client threads call its functions at once. counter_get reads the count
   without the object's lock, so it races with counter_inc on the same object; the call counter is a static global
   no lock protects. */
#include <pthread.h>
struct counter { pthread_mutex_t m; int n; };
static int calls;
void counter_inc(struct counter *c) {
    pthread_mutex_lock(&c->m);
    c->n++; // RACE!
    pthread_mutex_unlock(&c->m);
    calls++; // RACE!
}
int counter_get(struct counter *c) {
    return c->n; // RACE!
}
