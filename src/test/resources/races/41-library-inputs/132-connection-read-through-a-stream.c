/* expect: racy */
/* issue 35: a line-oriented server reads its connection through a stream (weft.exec.Streams): fdopen of the socket
   the run opened gives a stream (or fails: the world's answer, recorded), on which fgets meets the end at once (the
   peer sent nothing more: the empty file fopen's streams are too), a reply is printed into it, and its fclose closes
   the socket. The connections counter is kept without a lock by main and the statistics thread: confirmed, and
   replayed with the reproducer's stream on /dev/null. */
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/socket.h>

static int closed;

static void *statistics(void *arg) {
    closed = 0; // RACE!
    return arg;
}

int main(void) {
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) return 1;
    FILE *conn = fdopen(s, "r+");
    if (conn == NULL) return 1;
    pthread_t t;
    pthread_create(&t, 0, statistics, 0);
    char line[128];
    if (fgets(line, sizeof line, conn) == NULL) {
        fprintf(conn, "bye\n");
        closed++; // RACE!
    }
    fclose(conn);
    pthread_join(t, 0);
    return 0;
}
