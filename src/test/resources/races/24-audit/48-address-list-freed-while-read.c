/* expect: racy */
/* audit D39, its regression: freeaddrinfo frees the list getaddrinfo allocated (each node, its address, its canonical name), but the library table said it touched nothing. A worker reading the answer's family while main freed the list raced (TSan reports the free), and every layer proved the program race-free; the table now has freeaddrinfo write the list and all it reaches, and the explorer confirms the race. */
#include <netdb.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>

static struct addrinfo *res;
static int family;

static void *worker(void *arg) {
    (void) arg;
    family = res->ai_family; // RACE!
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
    freeaddrinfo(res); // RACE!
    pthread_join(t, 0);
    return 0;
}
