/* expect: racy */
/* The join loop's bound is a global assigned twice (it may drop to 1): threads beyond it are never
   joined. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
int workers = 4;
int joined;
int result;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *work(void *arg) {
    pthread_mutex_lock(&m);
    result++; // RACE!
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    pthread_t t[4];
    for (int i = 0; i < workers; i++)
        pthread_create(&t[i], NULL, work, NULL);
    joined = workers;
    if (__VERIFIER_nondet_int()) joined = 1;
    for (int i = 0; i < joined; i++)
        pthread_join(t[i], NULL);
    return result; // RACE!
}
