/* expect: race-free */
/* audit D31, the race-free side: each thread initialises its own array from a string literal (the bytes and the
   zeroed rest are its own writes) and compares it; the count is locked. */
#include <pthread.h>
#include <string.h>

static int named;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    (void) arg;
    char name[16] = "worker";
    if (strcmp(name, "worker") == 0 && name[10] == 0) {
        pthread_mutex_lock(&m);
        named++; // NORACE
        pthread_mutex_unlock(&m);
    }
    return 0;
}

int main(void) {
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
    return named == 2 ? 0 : 1;
}
