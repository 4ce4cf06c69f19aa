/* expect: race-free */
/* audit D39, the race-free twin of 48: main frees the address list only after joining the worker that read it, so the frees freeaddrinfo makes meet no read of the worker's. */
#include <netdb.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>

static struct addrinfo *res;
static int family;

static void *worker(void *arg) {
    (void) arg;
    family = res->ai_family; // NORACE
    return 0;
}

int main(void) {
    struct addrinfo hints;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo("127.0.0.1", "80", &hints, &res) != 0)
        return 1;
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    freeaddrinfo(res); // NORACE
    return 0;
}
