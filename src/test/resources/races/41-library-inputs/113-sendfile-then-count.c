/* expect: racy */
/* issue 35: a static file server's answer: it opens the page (the world's file), makes a socket and sends the page
   with sendfile, whose count (all of it, part, none, a failure) is the world's, the offset moved past what was sent
   (weft.exec.WorldFiles); behind a complete send main counts beside a worker without a lock. The reproducer's
   sendfile answers the witness's count without sending. */
#include <fcntl.h>
#include <pthread.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <unistd.h>

int sent;

void *worker(void *arg) {
    sent++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int page = open("/srv/index.html", O_RDONLY);
    int client = socket(AF_INET, SOCK_STREAM, 0);
    off_t offset = 0;
    if (page >= 0 && client >= 0) {
        ssize_t n = sendfile(client, page, &offset, 512);
        if (n == 512 && offset == 512) sent++; // RACE!
    }
    pthread_join(t, NULL);
    return 0;
}
