/* rank: certain */
/* main writes a global after creating the reader (the create dominates the write); no lock anywhere */
#include <pthread.h>
int flag;
static void *reader(void *arg) { return flag ? arg : 0; }
int main(void) {
    pthread_t r;
    pthread_create(&r, 0, reader, 0);
    flag = 1;
    pthread_join(r, 0);
    return 0;
}
