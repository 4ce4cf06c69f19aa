/* expect: race-free */
/* a lock wrapper (yarn's possess/release) used both with heap lock records and with the address of a global one: the caller that passes &list_lock holds that one lock after the call */
#include <pthread.h>
#include <stdlib.h>

typedef struct { pthread_mutex_t mutex; long value; } lock;

static lock list_lock = { PTHREAD_MUTEX_INITIALIZER, 0 };
static int listed;
static lock *work_lock;
static int work;

static void possess(lock *bolt) {
    pthread_mutex_lock(&bolt->mutex);
}

static void release(lock *bolt) {
    pthread_mutex_unlock(&bolt->mutex);
}

static lock *new_lock(void) {
    lock *l = malloc(sizeof *l);
    pthread_mutex_init(&l->mutex, 0);
    l->value = 0;
    return l;
}

void *worker(void *arg) {
    possess(&list_lock);
    listed++; // NORACE
    list_lock.value++; // NORACE
    release(&list_lock);
    possess(work_lock);
    release(work_lock);
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    work_lock = new_lock();
    pthread_create(&t1, 0, worker, 0);
    pthread_create(&t2, 0, worker, 0);
    possess(&list_lock);
    listed = 0; // NORACE
    release(&list_lock);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return listed + work;
}
