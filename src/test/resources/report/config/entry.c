/* A timer callback the environment may run at any time, any number of times at once. */
int ticks;
void on_tick(void) { ticks++; }
int main(void) { ticks = 0; return ticks; }
