/* Golden witness: the race needs the setter's section to run before the reader's (an interleaving of the threads,
   not only their creations): a YAML witness must say so, with a waypoint where the setter's run ends. */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int flag;
int data;

void *setter(void *arg) {
    pthread_mutex_lock(&m);
    flag = 1;
    pthread_mutex_unlock(&m);
    return arg;
}

void *reader(void *arg) {
    int f;
    pthread_mutex_lock(&m);
    f = flag;
    pthread_mutex_unlock(&m);
    if (f)
        data = 1;
    return arg;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, NULL, setter, NULL);
    pthread_create(&b, NULL, reader, NULL);
    data = 2;
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
