/* expect: racy */
/* The racy twin of 09: a worker joins its right child only when 2i+2 < count - 1, so the last worker (2 of 3), a right
   child, is joined by nobody and may still be writing its slot while main reads the table. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int count;
static pthread_t *ids;
static long *table;

static void *node(void *arg) {
    long me = (long) arg;
    table[me] = me * 5; // RACE!
    long left = 2 * me + 1;
    if (left < count)
        pthread_join(ids[left], NULL);
    if (left + 1 < count - 1)
        pthread_join(ids[left + 1], NULL);
    return NULL;
}

int main(void) {
    count = 3;
    ids = calloc(count, sizeof *ids);
    table = calloc(count, sizeof *table);
    if (ids == NULL || table == NULL)
        return 1;
    for (long i = count - 1; i >= 0; --i)
        if (pthread_create(&ids[i], NULL, node, (void *) i) != 0)
            abort();
    pthread_join(ids[0], NULL);
    long sum = 0;
    for (int i = 0; i < count; i++)
        sum += table[i]; // RACE!
    printf("%ld\n", sum);
    free(table);
    free(ids);
    return 0;
}
