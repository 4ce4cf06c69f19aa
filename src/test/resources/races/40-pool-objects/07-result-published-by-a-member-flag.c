/* expect: race-free */
/* A ready flag that is a member of a heap object (35-ready-flags in the shape of a request record): main allocates one
   request with calloc and hands it to a worker; the worker fills in the answer, then sets `req->done` under
   `req->lock`; main reads the answer only after it has seen `req->done` set under that mutex. The request is one
   object of the run and `req->done` is reached only as itself, so it is a flag like a global
   (weft.thread.MemberCells, weft.thread.PublicationFlags). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct request {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int done;
    int question;
    long answer;
};

static void *worker(void *arg) {
    struct request *req = arg;
    long a = 1;
    for (int i = 0; i < 10; i++)
        a = a * 3 + 1;
    req->answer = a; // NORACE
    pthread_mutex_lock(&req->lock);
    req->done = 1;
    pthread_cond_signal(&req->cond);
    pthread_mutex_unlock(&req->lock);
    return NULL;
}

int main(void) {
    struct request *req = calloc(1, sizeof *req);
    if (!req)
        return 1;
    pthread_mutex_init(&req->lock, NULL);
    pthread_cond_init(&req->cond, NULL);
    req->question = 42;
    pthread_t t;
    if (pthread_create(&t, NULL, worker, req) != 0)
        return 1;
    pthread_detach(t);
    pthread_mutex_lock(&req->lock);
    while (!req->done)
        pthread_cond_wait(&req->cond, &req->lock);
    pthread_mutex_unlock(&req->lock);
    printf("%ld\n", req->answer); // NORACE
    return 0;
}
