/* rank: possible */
/* the twin of certain-after-create: the readers are created in a loop that may run zero times, so the
   write after the loop is not certainly parallel with them */
#include <pthread.h>
int flag;
int n = 2;
static void *reader(void *arg) { return flag ? arg : 0; }
int main(void) {
    pthread_t r[2];
    for (int i = 0; i < n; i++) pthread_create(&r[i], 0, reader, 0);
    flag = 1;
    for (int i = 0; i < n; i++) pthread_join(r[i], 0);
    return 0;
}
