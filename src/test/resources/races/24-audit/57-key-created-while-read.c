/* expect: racy */
/* audit D41, its regression: pthread_key_create stores the new key through its first argument, but its event recorded no write. A worker reading the key for pthread_getspecific while main created it raced, and the program was proved race-free. weft: imprecise: the explorer stops at a pthread_getspecific of a key not yet created, so the race is possible, not confirmed (unknown, never true). */
#include <pthread.h>

static pthread_key_t key;

static void *worker(void *arg) {
    (void) arg;
    return pthread_getspecific(key); // RACE!
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_key_create(&key, 0); // RACE!
    pthread_join(t, 0);
    return 0;
}
