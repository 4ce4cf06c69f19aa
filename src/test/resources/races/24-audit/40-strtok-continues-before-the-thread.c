/* expect: race-free */
/* audit D35 (twin of 38 and 39): every strtok call and the write through its token are ordered with the reader by the creation and the join; the reader's read of line[10] is not touched by them concurrently. */
#include <pthread.h>
#include <string.h>

static char line[32] = "alpha beta gamma";

static void *reader(void *arg) {
    (void) arg;
    return line[10] == 0 ? (void *) 1 : 0; // NORACE
}

int main(void) {
    pthread_t t;
    char *first = strtok(line, " ");
    char *second = strtok(NULL, " "); // NORACE
    pthread_create(&t, 0, reader, 0);
    pthread_join(t, 0);
    if (second != NULL)
        second[0] = 'B'; // NORACE
    return first == second;
}
