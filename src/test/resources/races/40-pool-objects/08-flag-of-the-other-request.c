/* expect: racy */
/* Twin of 07 with two requests made by one allocation in a loop: `req->done` no longer names one place of the run,
   so it is no flag. main waits for the first request and reads the second one's answer, which its worker may still
   be writing. */
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
    req->answer = a; // RACE!
    pthread_mutex_lock(&req->lock);
    req->done = 1;
    pthread_cond_signal(&req->cond);
    pthread_mutex_unlock(&req->lock);
    return NULL;
}

int main(void) {
    struct request *reqs[2];
    for (int k = 0; k < 2; k++) {
        struct request *req = calloc(1, sizeof *req);
        if (!req)
            return 1;
        pthread_mutex_init(&req->lock, NULL);
        pthread_cond_init(&req->cond, NULL);
        req->question = 42 + k;
        reqs[k] = req;
        pthread_t t;
        if (pthread_create(&t, NULL, worker, req) != 0)
            return 1;
        pthread_detach(t);
    }
    struct request *req = reqs[0];
    pthread_mutex_lock(&req->lock);
    while (!req->done)
        pthread_cond_wait(&req->cond, &req->lock);
    pthread_mutex_unlock(&req->lock);
    printf("%ld\n", reqs[1]->answer); // RACE!
    return 0;
}
