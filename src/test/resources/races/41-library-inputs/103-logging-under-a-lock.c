/* expect: race-free */
/* issue 35: the race-free twin of 101: the workers count under a lock, and nothing hands syslog a pointer it keeps
   (no openlog: the identifier is the program's name, which glibc finds itself), so the exploration's proof goes
   through every syslog call: each reads only its format and its numbers. The count lives in a block from
   posix_memalign, after an alignment glibc refuses (EINVAL, nothing stored: ThreadSanitizer's allocator would end the
   program there instead, so no racy program of this corpus asks it). */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <syslog.h>

int *requests;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
    long id = (long)arg;
    syslog(LOG_INFO, "worker %ld started", id);
    pthread_mutex_lock(&m);
    (*requests)++; // NORACE
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void) {
    void *p = NULL;
    if (posix_memalign(&p, 12, sizeof(int)) != EINVAL || p != NULL) return 1;
    if (posix_memalign(&p, 16, sizeof(int)) != 0) return 1;
    requests = p;
    *requests = 0;
    pthread_t t[2];
    for (long i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    syslog(LOG_NOTICE, "%d requests", *requests); // NORACE
    free(p);
    return 0;
}
