package weft.model;

/**
 * The kinds of {@link Semantics} of time: sleeps and the process's interval timers ({@code weft.exec.IntervalTimers});
 * which calls let time pass or read a clock is {@link Semantics#measuresTime}.
 */
public interface TimeKinds {
    /**
     * Pauses and returns 0 ({@code nanosleep}, {@code thrd_sleep}); reads the requested duration {@code request} points to (audit
     * D42: a thread writing it while another slept with it was proved race-free by the exploration). The remaining time is
     * written only when a signal interrupts the sleep, which this model does not: no write is recorded. {@code clock}
     * ({@code clock_nanosleep}; -1: none): the clock argument, followed by the flags ({@code CLOCK_REALTIME} or
     * {@code CLOCK_MONOTONIC}, relative or {@code TIMER_ABSTIME}; others stop the run).
     */
    record Sleep(int request, int clock) implements Semantics {}

    /**
     * Pauses for the duration at argument {@code arg} in units of {@code unitNanos} ({@code sleep}: seconds,
     * {@code usleep}: microseconds) and returns 0 (a signal that would interrupt it is not modelled).
     */
    record SleepFor(int arg, long unitNanos) implements Semantics {}

    /**
     * The process's interval timers ({@code weft.exec.IntervalTimers}): {@code op} {@code alarm} ({@code alarm}: the
     * seconds at {@code value}), {@code set} ({@code setitimer}: the timer at {@code which}, the new {@code struct
     * itimerval} at {@code value}, the old one written at {@code old}), {@code get} ({@code getitimer}: written at
     * {@code old}). The result is the world's answer, recorded (the time left depends on the time passed).
     */
    record IntervalTimer(String op, int which, int value, int old) implements Semantics {}
}
