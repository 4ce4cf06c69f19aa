/* In-house mutex (external, no code) and a spin lock whose body Weft cannot see as a lock. */
#include <pthread.h>
typedef struct os_mutex { int state; } os_mutex_t;
extern void os_mutex_lock(os_mutex_t *m);
extern void os_mutex_unlock(os_mutex_t *m);
void spin_lock(int *l) { while (__sync_lock_test_and_set(l, 1)) { } }
void spin_unlock(int *l) { __sync_lock_release(l); }
os_mutex_t m;
int sl;
int counter;
int other;
void *worker(void *a) {
    os_mutex_lock(&m); counter++; os_mutex_unlock(&m);
    spin_lock(&sl); other++; spin_unlock(&sl);
    return a;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    os_mutex_lock(&m); counter++; os_mutex_unlock(&m);
    spin_lock(&sl); other++; spin_unlock(&sl);
    pthread_join(t, 0);
    return 0;
}
