/* expect: race-free */
/* a per-thread stack of frames kept with pthread_setspecific (the pattern of an exception library): each thread
   writes only its own frames through pthread_getspecific; the key is an integer the library writes, never a
   place the stored values point to */
#include <pthread.h>
#include <stddef.h>

struct frame { int code; const char *why; struct frame *next; };
pthread_key_t key;
pthread_once_t once = PTHREAD_ONCE_INIT;

static void make_key(void) { pthread_key_create(&key, NULL); }

static void fail(int code, const char *why) {
    struct frame *top = pthread_getspecific(key);
    if (top != NULL) {
        top->code = code; // NORACE
        top->why = why; // NORACE
    }
}

static void *work(void *arg) {
    struct frame f = {0, NULL, NULL};
    pthread_once(&once, make_key);
    f.next = pthread_getspecific(key);
    pthread_setspecific(key, &f);
    fail(1, "worker failed");
    pthread_setspecific(key, f.next);
    return (void *)(long)f.code; // NORACE
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, work, 0);
    pthread_create(&b, 0, work, 0);
    work(0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
