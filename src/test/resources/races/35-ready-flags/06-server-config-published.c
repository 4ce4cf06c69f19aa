/* expect: race-free */
/* The shape a server has the ready flag in: main starts its worker threads first, then loads the configuration they
   serve with (in a helper, through a pointer to a heap table) and announces it holding the state mutex; each worker
   waits for the announcement in a helper before its loop, and reads the table in another. The flag orders accesses
   made in callees on both sides. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct config {
    int port;
    char name[16];
    int limits[4];
};

static struct config *cfg;
static pthread_mutex_t state = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int configured;

static long served[4];
static pthread_mutex_t served_lock = PTHREAD_MUTEX_INITIALIZER;

static void load_config(void) {
    cfg = malloc(sizeof *cfg); // NORACE
    if (!cfg) abort();
    cfg->port = 8080; // NORACE
    strcpy(cfg->name, "weft");
    for (int i = 0; i < 4; i++) cfg->limits[i] = 100 * (i + 1);
}

static void await_config(void) {
    pthread_mutex_lock(&state);
    while (configured == 0)
        pthread_cond_wait(&changed, &state);
    pthread_mutex_unlock(&state);
}

static int limit_for(int slot) {
    return cfg->limits[slot % 4] + cfg->port; // NORACE
}

static void *serve(void *arg) {
    long id = (long)arg;
    await_config();
    for (int request = 0; request < 3; request++) {
        int lim = limit_for(request + (int)id);
        pthread_mutex_lock(&served_lock);
        served[id] += lim;
        pthread_mutex_unlock(&served_lock);
    }
    return 0;
}

int main(void) {
    pthread_t t[4];
    for (long i = 0; i < 4; i++)
        pthread_create(&t[i], 0, serve, (void *)i);
    load_config();
    pthread_mutex_lock(&state);
    configured = 1;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&state);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], 0);
    long total = 0;
    for (int i = 0; i < 4; i++) total += served[i];
    free(cfg);
    return total > 0 ? 0 : 1;
}
