/* expect: racy */
/* A global of external linkage starts with a value clients may have set: the flag may be non-zero, so the write it
   guards races with the unlocked read in peek. */
#include <pthread.h>
int enabled;
static int value;
void poke(int v) {
    if (enabled)
        value = v; // RACE!
}
int peek(void) {
    return value; // RACE!
}
