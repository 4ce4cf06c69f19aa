/* expect: racy */
/* issue 35: BSD's bounded copies, which many programs call (glibc has them from 2.38; the reproducer's runtime
   defines them for older ones): strlcpy and strlcat cut a string to fit the buffer with its terminator and answer
   the length the whole string would have had (weft.exec.StringFunctions). main builds a worker's name that does not
   fit and checks each answer against BSD's, then marks the name truncated without a lock while the worker reads
   the mark: confirmed, and replayed. */
#include <pthread.h>
#include <string.h>

size_t strlcpy(char *dst, const char *src, size_t size);
size_t strlcat(char *dst, const char *src, size_t size);

static int truncated;

static void *worker(void *arg) {
    return truncated ? arg : 0; // RACE!
}

int main(void) {
    char name[8];
    size_t a = strlcpy(name, "worker", sizeof name);
    size_t b = strlcat(name, "-long", sizeof name);
    size_t c = strlcat(name, "x", sizeof name);
    char small[4];
    size_t d = strlcpy(small, "abcdef", 0);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int bsd = a == 6 && b == 11 && c == 8 && strcmp(name, "worker-") == 0 && d == 6;
    if (bsd) truncated = 1; // RACE!
    pthread_join(t, 0);
    return 0;
}
