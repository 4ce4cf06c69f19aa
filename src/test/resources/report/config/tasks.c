/* RTOS-style tasks: created and joined through functions Weft has no model for. */
typedef void (*task_fn)(void *);
extern int os_task_create(int *handle, task_fn fn, void *arg);
extern int os_task_join(int handle);
int counter;
void task(void *arg) { (void)arg; counter++; }
int main(void) {
    int h;
    os_task_create(&h, task, 0);
    os_task_join(h);
    return counter;
}
