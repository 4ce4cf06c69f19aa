/* Both threads write through a pointer another translation unit defines and initialises. */
#include <pthread.h>

extern int *counter;            /* defined (and pointed somewhere) outside this program */
void os_mutex_lock(int *m);     /* configured as a lock in locks.yml; never called here */

void *work(void *arg) {
    *counter += 1;
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, work, 0);
    pthread_create(&b, 0, work, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
