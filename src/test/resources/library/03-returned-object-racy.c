/* expect: racy */
/* The library hands out its own global configuration object; a client may pass it back to config_set while the
   library's worker function reads it without a lock: the object returned to clients joins what they pass. */
#include <pthread.h>
struct config { int level; int flags; };
static struct config current = {1, 0};
struct config *config_get(void) { return &current; }
void config_set(struct config *c, int level) {
    c->level = level; // RACE!
}
int work(void) {
    return current.level * 2; // RACE!
}
