/* expect: race-free */
/* the race-free side of 48: the other thread writes a byte past the string's terminator, which strtok_r neither reads nor writes (its scans stop at the terminator; a proof counts every byte up to it), so a proof that computes the call excludes the race. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char request[32] = "GET /a HTTP/1.0";

static void *writer(void *arg) {
    (void) arg;
    request[20] = 'x'; // NORACE
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, writer, 0);
    char *save;
    char *method = strtok_r(request, " ", &save);
    char *path = strtok_r(NULL, " ", &save);
    pthread_join(t, 0);
    return method != NULL && path != NULL && strcmp(path, "/a") == 0 ? 0 : 1;
}
