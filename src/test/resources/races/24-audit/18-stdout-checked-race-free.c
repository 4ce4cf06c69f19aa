/* expect: race-free */
/* The race-free twin of 17: whatever stdout holds, main joins the worker before its own write. */
#include <pthread.h>

extern struct _IO_FILE *stdout;
int x;

void *worker(void *arg) {
    (void)arg;
    x = 1; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    if (stdout == 0) return 0;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    x = 2; // NORACE
    return 0;
}
