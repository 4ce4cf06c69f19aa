/* expect: racy */
/* The mutex of element i is held, but the index changes before the access. */
#include <pthread.h>

struct account { int balance; pthread_mutex_t m; };
struct account acct[8];

void *transfer(void *arg) {
    struct account *p = &acct[1];
    pthread_mutex_lock(&p->m);
    p->balance -= 10; // RACE!
    pthread_mutex_unlock(&p->m);
    return NULL;
}

int main(void) {
    for (int k = 0; k < 8; k++) pthread_mutex_init(&acct[k].m, NULL);
    pthread_t t1;
    pthread_create(&t1, NULL, transfer, NULL);
    int i = 0;
    pthread_mutex_lock(&acct[i].m);
    i++;
    acct[i].balance += 10; // RACE!
    pthread_mutex_unlock(&acct[i - 1].m);
    return 0;
}
