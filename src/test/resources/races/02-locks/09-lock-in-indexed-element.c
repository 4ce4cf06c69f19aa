/* expect: race-free */
/* Every element of an array carries its own mutex; threads pick elements by a variable index and
   hold that element's mutex while touching it (through a[i] or through a pointer to it). */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

struct account { int balance; pthread_mutex_t m; };
struct account acct[8];

void *transfer(void *arg) {
    int i = __VERIFIER_nondet_int() & 7;
    struct account *p = &acct[i];
    pthread_mutex_lock(&p->m);
    p->balance -= 10; // NORACE
    pthread_mutex_unlock(&p->m);
    return NULL;
}

int main(void) {
    for (int k = 0; k < 8; k++) pthread_mutex_init(&acct[k].m, NULL);
    pthread_t t1, t2;
    pthread_create(&t1, NULL, transfer, NULL);
    pthread_create(&t2, NULL, transfer, NULL);
    int i = __VERIFIER_nondet_int() & 7;
    pthread_mutex_lock(&acct[i].m);
    acct[i].balance += 10; // NORACE
    pthread_mutex_unlock(&acct[i].m);
    return 0;
}
