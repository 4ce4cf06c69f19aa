/* expect: race-free */
/* issue 35, the twin of 71: the worker copies six bytes into a four-byte member through __memcpy_chk with the member's size, so glibc's check aborts the program (__chk_fail) before the worker's write of the flag; no run has both writes, which the exploration proves. */
#include <pthread.h>
#include <string.h>

extern void *__memcpy_chk(void *, const void *, size_t, size_t);

static int flag;
static struct { char name[4]; int id; } rec;

static void *worker(void *arg) {
    (void) arg;
    __memcpy_chk(rec.name, "abcdef", 6, sizeof rec.name);
    flag = 1; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    flag = 2; // NORACE
    pthread_join(t, 0);
    return 0;
}
