/* expect: racy */
/* A worker gives its ticket back when done (the counter counts live workers, not tickets handed out): a later worker may get a ticket a running worker still holds, and both write its slot. */
#include <pthread.h>
#include <stdlib.h>

#define N 4
static int next_id = 0;
static pthread_mutex_t id_lock = PTHREAD_MUTEX_INITIALIZER;
static long results[N];

static void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&id_lock);
    int me = next_id++;
    pthread_mutex_unlock(&id_lock);
    if (me < 0 || me >= N) return NULL;
    results[me] = me * 2; // RACE!
    pthread_mutex_lock(&id_lock);
    next_id--;
    pthread_mutex_unlock(&id_lock);
    return NULL;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
    long s = 0;
    for (int i = 0; i < N; i++) s += results[i];
    return s == 12 ? 0 : 1;
}
