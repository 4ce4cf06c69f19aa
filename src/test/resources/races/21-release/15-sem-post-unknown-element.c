/* expect: racy */
/* sem_post(&s[idx]) with an unknown index may post s[0], which protects counter. */
#include <pthread.h>
#include <semaphore.h>

extern int __VERIFIER_nondet_int(void);

sem_t s[2];
int counter;
int idx;

void *releaser(void *arg) {
    (void)arg;
    sem_wait(&s[0]);
    sem_wait(&s[1]);
    sem_post(&s[idx]);
    counter++; // RACE!
    sem_post(&s[1 - idx]);
    return NULL;
}

void *locker(void *arg) {
    (void)arg;
    sem_wait(&s[0]);
    counter++; // RACE!
    sem_post(&s[0]);
    return NULL;
}

int main(void) {
    pthread_t t1, t2;
    idx = __VERIFIER_nondet_int() ? 1 : 0;
    sem_init(&s[0], 0, 1);
    sem_init(&s[1], 0, 1);
    pthread_create(&t1, NULL, releaser, NULL);
    pthread_create(&t2, NULL, locker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
