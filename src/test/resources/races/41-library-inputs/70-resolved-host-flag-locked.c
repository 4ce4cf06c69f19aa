/* expect: race-free */
/* issue 35, the twin of 69: the worker resolves a numeric name with gethostbyname2 (glibc answers it without a resolver: the address as inet_aton reads it) and sets the flag under the mutex main holds for its write; the thread-modular layer proves it (the resolver's answers are the world's: the exploration stops there). */
#include <netdb.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>

static int flag;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
    (void) arg;
    struct hostent *h = gethostbyname2("10.0.0.010", AF_INET);
    if (h != NULL && ((unsigned char *) h->h_addr_list[0])[3] == 8) {
        pthread_mutex_lock(&lock);
        flag = 1; // NORACE
        pthread_mutex_unlock(&lock);
    }
    return 0;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_mutex_lock(&lock);
    flag = 2; // NORACE
    pthread_mutex_unlock(&lock);
    pthread_join(t, 0);
    return 0;
}
