/* expect: race-free */
/* 01 in a daemon whose main never returns: after the workers have counted out it reads their result and then serves
   in a loop it leaves only through exit(), so the end of main is unreachable. The must dataflows over a function's nodes (weft.thread.NamedMutexes,
   FreshRecords) visited node numbers instead of nodes and stopped with an internal error on every function with an
   unreachable node (knot of the real-world benchmark had no answer at all). Fixed: Cfg.nodesInReversePostOrder. */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

extern int __VERIFIER_nondet_int(void);

int alive = 0;
pthread_mutex_t alive_mutex = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t alive_cond = PTHREAD_COND_INITIALIZER;
int data = 0;
pthread_mutex_t data_mutex = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    (void)arg;
    pthread_mutex_lock(&data_mutex);
    data = __VERIFIER_nondet_int(); // NORACE
    pthread_mutex_unlock(&data_mutex);
    pthread_mutex_lock(&alive_mutex);
    alive--;
    pthread_cond_signal(&alive_cond);
    pthread_mutex_unlock(&alive_mutex);
    return 0;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    for (int i = 0; i < n; i++) {
        pthread_mutex_lock(&alive_mutex);
        alive++;
        pthread_mutex_unlock(&alive_mutex);
        pthread_t t;
        pthread_create(&t, 0, worker, 0);
        pthread_detach(t);
    }
    pthread_mutex_lock(&alive_mutex);
    while (alive != 0)
        pthread_cond_wait(&alive_cond, &alive_mutex);
    pthread_mutex_unlock(&alive_mutex);
    int result = data; // NORACE
    for (;;) {
        usleep(1000);
        if (result >= 0 || result < 0)
            exit(0);
    }
}
