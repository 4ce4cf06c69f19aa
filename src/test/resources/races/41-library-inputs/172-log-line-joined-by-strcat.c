/* expect: racy */
/* issue 35: a worker appends its name to the shared log line with strcat while main reads the line's first byte
   without the lock. Confirmed; glibc's strcat reads and writes where ThreadSanitizer does not see it, so the
   reproducer's wrapper shows TSan the bytes after the call (the line's old bytes read, the appended ones written). */
#include <pthread.h>
#include <string.h>

static char line[64] = "log:";

static void *worker(void *arg) {
    strcat(line, " worker"); // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    line[0] = 'L'; // RACE!
    pthread_join(t, 0);
    return 0;
}
