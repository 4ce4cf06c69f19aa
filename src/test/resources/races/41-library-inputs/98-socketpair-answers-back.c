/* expect: racy */
/* issue 35: a worker serves requests over one end of a socket pair (an AF_UNIX stream: each end reads what the other
   writes): main sends a number, the worker answers its double, main checks the answer. Both count the requests in
   `served` without a lock: the race is behind the answer, which is the program's own (weft.exec.Pipes), so the search
   confirms it only where the answer is right, and the reproducer replays it through a real socket pair. */
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

int pair[2];
int served;

void *worker(void *arg) {
    int n;
    while (recv(pair[1], &n, sizeof n, 0) == sizeof n) {
        n *= 2;
        send(pair[1], &n, sizeof n, MSG_NOSIGNAL);
        served++; // RACE!
    }
    return arg;
}

int main(void) {
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0) return 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int n = 21, answer = 0;
    send(pair[0], &n, sizeof n, MSG_NOSIGNAL);
    if (read(pair[0], &answer, sizeof answer) == sizeof answer && answer == 42) served++; // RACE!
    close(pair[0]);
    pthread_join(t, NULL);
    return 0;
}
