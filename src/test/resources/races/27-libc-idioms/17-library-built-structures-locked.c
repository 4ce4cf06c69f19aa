/* expect: race-free */
/* The twin of 16: the same writes through scandir's and getaddrinfo's structures, under one mutex. */
#include <pthread.h>
#include <dirent.h>
#include <netdb.h>

struct dirent **list;
struct addrinfo *res;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *t(void *a) {
    pthread_mutex_lock(&m);
    list[0]->d_name[0] = 'x'; // NORACE
    res->ai_addr->sa_family = 1; // NORACE
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t a, b;
    if (scandir(".", &list, 0, 0) < 1) return 0;
    if (getaddrinfo("localhost", "80", 0, &res) != 0) return 0;
    pthread_create(&a, 0, t, 0);
    pthread_create(&b, 0, t, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
