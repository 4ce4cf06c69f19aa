/* expect: racy */
/* main starts an input number of detached workers and waits until all of them are alive; each worker counts itself
   alive and then gone again before it checks whether to keep working, so with one worker main may see it alive, tell
   it to stop too late, see it gone and read data while the worker writes it. The exploration cannot enumerate the
   input; the closed variant where every input is one finds the race by exhausting its schedules. */
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
pthread_mutex_t alive_m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t alive_c = PTHREAD_COND_INITIALIZER;
pthread_mutex_t keep_m = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t data_m = PTHREAD_MUTEX_INITIALIZER;
int alive, keep = 1, data;

void *worker(void *arg) {
    pthread_mutex_lock(&alive_m);
    alive++;
    pthread_cond_signal(&alive_c);
    pthread_mutex_unlock(&alive_m);
    pthread_mutex_lock(&alive_m);
    alive--;
    pthread_cond_signal(&alive_c);
    pthread_mutex_unlock(&alive_m);
    pthread_mutex_lock(&keep_m);
    while (keep) {
        pthread_mutex_unlock(&keep_m);
        pthread_mutex_lock(&data_m);
        data = __VERIFIER_nondet_int(); // RACE!
        pthread_mutex_unlock(&data_m);
        pthread_mutex_lock(&keep_m);
    }
    pthread_mutex_unlock(&keep_m);
    return 0;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0) return 0;
    for (int i = 0; i < n; i++) {
        pthread_t t;
        pthread_create(&t, 0, worker, 0);
        pthread_detach(t);
    }
    pthread_mutex_lock(&alive_m);
    while (alive != n) pthread_cond_wait(&alive_c, &alive_m);
    pthread_mutex_unlock(&alive_m);
    pthread_mutex_lock(&keep_m);
    keep = 0;
    pthread_mutex_unlock(&keep_m);
    pthread_mutex_lock(&alive_m);
    while (alive) pthread_cond_wait(&alive_c, &alive_m);
    pthread_mutex_unlock(&alive_m);
    return data; // RACE!
}
