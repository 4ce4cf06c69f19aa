/* expect: racy */
/* A structure passed by value carries a pointer clients choose: two clients may pass the same target, and the call
   counter has no lock. A double argument is any value. */
#include <pthread.h>
struct point { int x; int *p; };
static int hits;
double scale(double f, struct point pt) {
    if (pt.x > 0) {
        *pt.p = 1; // RACE!
        hits++; // RACE!
    }
    return f * 2;
}
