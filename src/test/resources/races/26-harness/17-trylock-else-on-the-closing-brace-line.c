/* expect: racy */
/* Reproducer defect (found by the soundness harness, seed 20261223 program 56, 2026-12-06): the harness's hole
   trylock_else writes the unlocked access on the line of the closing brace, "} else { o0 = o0 + 1; }". The bounded
   layer's witness of that access could not be replayed: the reproducer's SourcePatcher put no race point before a
   line starting with '}', so the racing threads did not wait for each other there and ThreadSanitizer reported
   another pair. The point now goes after the else block's opening brace (SourcePatcher#blockOpened); the harness
   generates the construct (hole trylock_else). Only the else branch races: main holds the lock around its write. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int o0;

static void *worker(void *arg) {
    if (pthread_mutex_trylock(&m) == 0) {
        o0 = o0 + 1; // NORACE
        pthread_mutex_unlock(&m);
    } else { o0 = o0 + 1; } // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&m);
    o0 = 1; // RACE!
    pthread_mutex_unlock(&m);
    pthread_join(t, 0);
    return 0;
}
