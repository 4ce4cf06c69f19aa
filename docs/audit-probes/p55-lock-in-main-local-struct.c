#include <pthread.h>
struct S { pthread_mutex_t m; int x; };
void *w(void *a) { struct S *s = a; pthread_mutex_lock(&s->m); s->x++; pthread_mutex_unlock(&s->m); return 0; }
int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++) { struct S *s = &(struct S){PTHREAD_MUTEX_INITIALIZER, 0}; pthread_create(&t[i], 0, w, s); }
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
  return 0;
}
