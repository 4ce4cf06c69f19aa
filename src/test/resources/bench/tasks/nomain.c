/* No main function: Weft answers unknown. */
int shared;

void *worker(void *arg) {
    (void)arg;
    shared++;
    return 0;
}
