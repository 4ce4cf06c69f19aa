/* expect: racy */
/* audit D53: hsearch keeps the pointers of the ENTRY it is given by value, and the entry it hands back holds them. The
   points-to analysis stored a library's pointers only from an argument's value node, which a struct passed by value
   has none of: the table held nothing, found->data pointed nowhere, and the worker's write through it was excluded,
   so Weft proved this racy program race-free. The struct's pointers are now copied into the hidden state
   (weft.pointer.CallEffects#stores). */
#include <pthread.h>
#include <search.h>

static int total;

static void *worker(void *arg) {
    ENTRY want = {"total", NULL};
    ENTRY *found = hsearch(want, FIND);
    if (found != NULL) {
        *(int *) found->data = 1; // RACE!
    }
    return arg;
}

int main(void) {
    hcreate(4);
    ENTRY e = {"total", &total};
    hsearch(e, ENTER);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    total = 2; // RACE!
    pthread_join(t, NULL);
    return total;
}
