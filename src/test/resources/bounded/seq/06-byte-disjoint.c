/* expect: race-free */
/* As 05, but the short covers bytes 4-5: no byte in common with the int at bytes 0-3. */
#include <pthread.h>
long long a;
void *worker(void *arg) {
    ((short *)&a)[2] = 5; // NORACE
    return 0;
}
int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    *(int *)&a = 1; // NORACE
    pthread_join(t, 0);
    return 0;
}
