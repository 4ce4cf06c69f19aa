/* expect: racy */
/* audit D46, its regression: setvbuf hands the program's array to the standard output as its buffer; from then on every output call on the stream writes it. A worker printing while main cleared the buffer raced, but the library table said setvbuf touched nothing and printf only its format: every layer proved the program race-free. setvbuf (setbuf, setbuffer) now stores the buffer in the stream library's hidden state and every call that uses a stream reads and writes what that state holds. weft: imprecise: the explorer stops at a buffer of the program's (glibc's writes into it are not followed), so the race is possible, not confirmed (unknown, never true). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char buf[BUFSIZ];

static void *worker(void *arg) {
    (void) arg;
    printf("worker %d\n", 1); // RACE!
    return 0;
}

int main(void) {
    pthread_t t;
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    pthread_create(&t, 0, worker, 0);
    memset(buf, 0, 16); // RACE!
    pthread_join(t, 0);
    return 0;
}
