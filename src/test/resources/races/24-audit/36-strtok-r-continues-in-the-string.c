/* expect: racy */
/* audit D34: strtok_r called with a null string continues in the string its saved position points to and writes a terminator there; the table said it accessed only the position variable (rw2), so the write of line[3] by the second call, made after the reader was created, was missed and the racy program proved race-free. The row is rw**2 now. */
#include <pthread.h>
#include <string.h>

static char line[32] = "a b c";

static void *reader(void *arg) {
    (void) arg;
    return line[3] == ' ' ? (void *) 1 : 0; // RACE!
}

int main(void) {
    pthread_t t;
    char *save;
    char *first = strtok_r(line, " ", &save);
    pthread_create(&t, 0, reader, 0);
    char *second = strtok_r(NULL, " ", &save); // RACE!
    pthread_join(t, 0);
    return first != second;
}
