/* expect: racy */
/* strtok_r writes a terminator over the delimiter that ends the token (issue 35): the reader's unlocked read of that byte races with the tokenising thread's write; the explorer runs strtok_r as glibc does and the reproducer replays it. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char request[32] = "GET /a HTTP/1.0";

static void *reader(void *arg) {
    (void) arg;
    return request[3] == ' ' ? (void *) 1 : 0; // RACE!
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, reader, 0);
    char *save;
    char *method = strtok_r(request, " ", &save); // RACE!
    pthread_join(t, 0);
    return method != NULL && strcmp(method, "GET") == 0 ? 0 : 1;
}
