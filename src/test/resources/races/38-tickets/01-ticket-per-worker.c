/* expect: race-free */
/* Each worker takes a ticket (the counter's value, then its increment, under one mutex) and writes the result slot it selects: no two workers get the same ticket. Proved by the thread-modular layer (DistinctTickets). */
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
    results[me] = me * 2; // NORACE

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
