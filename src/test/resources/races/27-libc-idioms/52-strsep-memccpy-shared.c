/* expect: racy */
/* strsep cuts a shared header at its first delimiter, writing a terminator over it, and memccpy copies into a shared buffer (issue 35): both write the program's bytes inside the C library, where ThreadSanitizer has no interceptor; the explorer computes both calls, and the reproducer's wrappers make the same writes again, instrumented, so the replay reports the races. */
#include <pthread.h>
#include <string.h>

static char header[16] = "Host:relay";
static char copy[8];

static void *reader(void *arg) {
    (void) arg;
    if (header[4] == ':') // RACE!
        return 0;
    return copy[1] == '=' ? (void *) 1 : 0; // RACE!
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, reader, 0);
    char *rest = header;
    char *key = strsep(&rest, ":"); // RACE!
    char *end = memccpy(copy, "k=v", '=', sizeof copy); // RACE!
    pthread_join(t, 0);
    return key == header && end == copy + 2 ? 0 : 1;
}
