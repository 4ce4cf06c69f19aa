/* expect: racy */
/* weft: imprecise: the race is glibc's own write into the memory stream's buffer (fprintf), which ThreadSanitizer does not see: reported, not confirmed */
/* issue 35: a logger hands the text of its open_memstream buffer to a reader thread after a fflush, then goes on
   writing into the same stream: glibc's fprintf writes the buffer's next bytes while the reader reads them (the
   buffer has room: it is not moved). A race between the C library and the program, reported as possible. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static char *text;
static size_t length;

static void *reader(void *arg) {
    char *t = arg;
    char c = t[4]; // RACE!
    return (void *)(long)c;
}

int main(void) {
    pthread_t th;
    FILE *log = open_memstream(&text, &length);
    if (log == NULL) return 1;
    fputs("boot", log);
    fflush(log);
    pthread_create(&th, NULL, reader, text);
    fprintf(log, ";%d", 1); // RACE!
    pthread_join(th, NULL);
    fclose(log);
    free(text);
    return 0;
}
