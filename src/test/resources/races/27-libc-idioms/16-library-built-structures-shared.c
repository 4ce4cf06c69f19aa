/* expect: racy */
/* weft: imprecise: the explorer does not execute scandir/getaddrinfo, so the race stays possible */
/* Memory a library function returns fresh may already hold pointers the library stored: scandir's
   array points to entries, getaddrinfo's list to addresses. Two threads writing through them race
   (once missed: the inner pointers pointed nowhere, so the writes were lost and the answer was true). */
#include <pthread.h>
#include <dirent.h>
#include <netdb.h>

struct dirent **list;
struct addrinfo *res;

void *t(void *a) {
    list[0]->d_name[0] = 'x'; // RACE!
    res->ai_addr->sa_family = 1; // RACE!
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
