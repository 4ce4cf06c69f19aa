/* expect: racy */
/* issue 35: a service that runs commands while a worker counts requests: system's command exits (the world's wait
   status, an input), a popen'd command prints nothing (its stream is empty) and pclose gives its status, a bad popen
   mode is refused (EINVAL), a process without children has none to wait for (ECHILD), and an exec of a program that
   is not there fails (the world's errno). Behind those answers main counts beside the worker without a lock
   (weft.exec.Processes); the reproducer's wrappers give the same answers without running a command. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int served;

void *worker(void *arg) {
    served++; // RACE!
    return arg;
}

int main(void) {
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int status = system("true");
    FILE *f = popen("ls /nonexistent", "r");
    char line[64];
    int printed = f != NULL ? fgets(line, sizeof line, f) != NULL : -1;
    int closed = f != NULL ? pclose(f) : -2;
    int refused = popen("true", "r+") == NULL && errno == EINVAL;
    int childless = waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD;
    char *argv[] = {"/nonexistent/program", NULL};
    if (status != -1 && WIFEXITED(status) && printed == 0 && closed != -1 && refused && childless && execv(argv[0], argv) == -1) {
        served++; // RACE!
    }
    pthread_join(t, NULL);
    return 0;
}
