/* expect: racy */
/* audit D34: strsep writes a terminator into the string its first argument points to, but the library table said it read and wrote only the pointer variable (rw0): the thread-modular layer saw no access of header by main and proved the racy program race-free (strtok_r's continuation through its saved position likewise). The row is rw**0 now (the pointer and what it reaches). */
#include <pthread.h>
#include <string.h>

static char header[16] = "Host:relay";

static void *reader(void *arg) {
    (void) arg;
    return header[4] == ':' ? (void *) 1 : 0; // RACE!
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, reader, 0);
    char *rest = header;
    char *key = strsep(&rest, ":"); // RACE!
    pthread_join(t, 0);
    return key == header;
}
