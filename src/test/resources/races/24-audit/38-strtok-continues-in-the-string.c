/* expect: racy */
/* audit D35: strtok called with a null string goes on in the string its first call was given, through the position it keeps in its hidden state, and writes a terminator there (here over the blank after "beta", line[10]). The table said the call accessed only its own (null) argument, so the write was missed and the program proved race-free by the thread-modular layer and the final verdict. Row now rw*s (what the saved state points to). */
#include <pthread.h>
#include <string.h>

static char line[32] = "alpha beta gamma";

static void *reader(void *arg) {
    (void) arg;
    return line[10] == ' ' ? (void *) 1 : 0; // RACE!
}

int main(void) {
    pthread_t t;
    char *first = strtok(line, " ");
    pthread_create(&t, 0, reader, 0);
    char *second = strtok(NULL, " "); // RACE!
    pthread_join(t, 0);
    return first == second;
}
