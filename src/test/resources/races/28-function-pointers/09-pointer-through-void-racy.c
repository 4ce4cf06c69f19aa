/* expect: racy */
/* A handler passed as an argument, returned by a selector and stored through a void* thread argument: the selected handler writes without the lock. */
#include <pthread.h>

typedef void (*handler_t)(int *);
int level;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void raise_locked(int *p) { pthread_mutex_lock(&m); (*p)++; pthread_mutex_unlock(&m); }
static void raise_unlocked(int *p) { (*p)++; }            // RACE!

static handler_t choose(handler_t dflt, int fast) { return fast ? raise_unlocked : dflt; }

struct task { void *fn; int *target; };

void *worker(void *arg) {
    struct task *t = arg;
    handler_t h = (handler_t)t->fn;
    h(t->target);
    return NULL;
}

int main(void) {
    static struct task task;
    task.fn = (void *)choose(raise_locked, 1);
    task.target = &level;
    pthread_t a, b;
    pthread_create(&a, NULL, worker, &task);
    pthread_create(&b, NULL, worker, &task);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return level;
}
