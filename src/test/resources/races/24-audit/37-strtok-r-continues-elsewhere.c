/* expect: race-free */
/* the race-free side of 36 (audit D34): the reader reads a byte of another buffer, which strtok_r's continuation never touches; the deeper table row does not make the layers report a race there. */
#include <pthread.h>
#include <string.h>

static char line[32] = "a b c";
static char other[8] = "x y";

static void *reader(void *arg) {
    (void) arg;
    return other[1] == ' ' ? (void *) 1 : 0; // NORACE
}

int main(void) {
    pthread_t t;
    char *save;
    char *first = strtok_r(line, " ", &save);
    pthread_create(&t, 0, reader, 0);
    char *second = strtok_r(NULL, " ", &save);
    pthread_join(t, 0);
    return first != second;
}
