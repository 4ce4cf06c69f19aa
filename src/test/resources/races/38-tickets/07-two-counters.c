/* expect: racy */
/* Readers and writers take tickets from two different counters into one array of slots: the first reader and the first
   writer both get ticket 0. Tickets are distinct only among those of one counter. */
#include <pthread.h>

static int next_reader, next_writer;
static pthread_mutex_t id_lock = PTHREAD_MUTEX_INITIALIZER;
static long slots[4];

static void *reader(void *arg) {
    (void)arg;
    pthread_mutex_lock(&id_lock);
    int me = next_reader++;
    pthread_mutex_unlock(&id_lock);
    if (me >= 0 && me < 4) slots[me] += 1; // RACE!
    return 0;
}

static void *writer(void *arg) {
    (void)arg;
    pthread_mutex_lock(&id_lock);
    int me = next_writer++;
    pthread_mutex_unlock(&id_lock);
    if (me >= 0 && me < 4) slots[me] = 7; // RACE!
    return 0;
}

int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, reader, 0);
    pthread_create(&b, 0, writer, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return (int)slots[0];
}
