/* expect: race-free */
/* The mutex protecting a field lives in the same struct; accessed through a pointer argument. */
#include <pthread.h>

struct account {
    pthread_mutex_t lock;
    int balance;
};

struct account acct = { PTHREAD_MUTEX_INITIALIZER, 0 };

void *deposit(void *arg) {
    struct account *a = arg;
    pthread_mutex_lock(&a->lock);
    a->balance += 10; // NORACE
    pthread_mutex_unlock(&a->lock);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, NULL, deposit, &acct);
    pthread_create(&t2, NULL, deposit, &acct);
    pthread_mutex_lock(&acct.lock);
    acct.balance -= 5; // NORACE
    pthread_mutex_unlock(&acct.lock);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return acct.balance; // NORACE
}
