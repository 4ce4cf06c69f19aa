/* expect: racy */
/* weft: imprecise: recv with MSG_PEEK leaves the bytes for the next read, which the world's answers do not model
   (one read's answer would constrain the next): the search stops there and does not confirm the race behind it */
#include <netinet/in.h>
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

int listener;
int peeked;

static void *loop(void *arg) {
    int fd = accept(listener, NULL, NULL);
    if (fd < 0) return NULL;
    char c;
    if (recv(fd, &c, 1, MSG_PEEK) == 1) peeked++; // RACE!
    close(fd);
    return arg;
}

int main(void) {
    listener = socket(AF_INET, SOCK_STREAM, 0);
    if (listener < 0 || listen(listener, 4) != 0) return 1;
    pthread_t t[2];
    for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, loop, NULL);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    return 0;
}
