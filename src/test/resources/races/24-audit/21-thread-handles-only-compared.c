/* expect: race-free */
/* D28's other side: a program that only compares thread handles and hands them back to the thread library keeps its
   proof. Handles of different threads differ and a thread's own is what pthread_create stored and pthread_self
   returns, so the worker never writes x. */
#include <pthread.h>

pthread_t main_thread;
pthread_t worker_thread;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int x;

void *worker(void *arg) {
    (void)arg;
    if (pthread_equal(pthread_self(), main_thread) || pthread_self() == main_thread)
        x = 1; // NORACE
    return 0;
}

int main(void) {
    main_thread = pthread_self();
    pthread_mutex_lock(&m);
    pthread_create(&worker_thread, 0, worker, 0);
    pthread_mutex_unlock(&m);
    x = 2; // NORACE
    pthread_join(worker_thread, 0);
    return main_thread == pthread_self() ? 0 : 1;
}
