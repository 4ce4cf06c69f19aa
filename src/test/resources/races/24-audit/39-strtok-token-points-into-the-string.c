/* expect: racy */
/* audit D35: the token strtok(NULL, ...) returns points into the string its first call was given; the table said it pointed into strtok's own buffer, so the write through it (line[6]) was taken for a write of library memory and the program proved race-free. Result now arg0+|*state (into what the saved state points to). */
#include <pthread.h>
#include <string.h>

static char line[32] = "alpha beta gamma";

static void *reader(void *arg) {
    (void) arg;
    return line[6] == 'b' ? (void *) 1 : 0; // RACE!
}

int main(void) {
    pthread_t t;
    char *first = strtok(line, " ");
    char *second = strtok(NULL, " ");
    pthread_create(&t, 0, reader, 0);
    if (second != NULL)
        second[0] = 'B'; // RACE!
    pthread_join(t, 0);
    return first == second;
}
