/* expect: race-free */
/* twin of 04: whatever value clients gave the flag, the write it guards and the read both hold the library's lock */
#include <pthread.h>
int enabled;
static int value;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
void poke(int v) {
    pthread_mutex_lock(&lock);
    if (enabled)
        value = v; // NORACE
    pthread_mutex_unlock(&lock);
}
int peek(void) {
    pthread_mutex_lock(&lock);
    int v = value; // NORACE
    pthread_mutex_unlock(&lock);
    return v;
}
