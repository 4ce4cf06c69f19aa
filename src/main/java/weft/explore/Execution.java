package weft.explore;

import weft.ir.CType;
import weft.ir.Function;
import weft.ir.SourceLoc;

import java.util.ArrayList;
import java.util.List;

/**
 * One execution of the program under one {@link Chooser}: repeatedly plans the next step of every thread, checks
 * the state for a race, and runs the chosen thread's step.
 *
 * <p>The race check: in a state where no thread is inside an atomic section, two different threads whose next
 * steps are both enabled, and whose steps access overlapping bytes of one object, at least one writing, not both
 * atomically, form a race. Why a reported witness is a real execution: the schedule is a sequence of steps each
 * performed by the interpreter exactly as the C program performs it (anything it cannot perform exactly abandons
 * the execution before it could report), every step is taken by a thread that could take it (enabledness respects
 * locks, joins, barriers and atomic sections), and the two accesses are computed on the reached state by the same
 * code that would perform them. Executions that end (exit, return from main, failed assumption, error function),
 * block in an atomic section, deadlock or exceed the step limit report nothing after that point.
 */
final class Execution {
    private final ExecState st;
    private final Interpreter in;
    private final long maxSteps;
    private final long deadline;
    final List<Interpreter.Executed> schedule = new ArrayList<>();
    /** Why the execution stopped (for statistics), or null if it found a race or ran out of steps. */
    String stopReason;
    boolean timedOut;
    /** Steps taken at points where the running thread's step touched shared state. */
    long visibleSteps;
    /** The largest number of threads enabled at once. */
    int maxEnabled;

    Execution(ExecState st, long maxSteps, long deadlineNanos) {
        this.st = st;
        this.in = new Interpreter(st);
        this.maxSteps = maxSteps;
        this.deadline = deadlineNanos;
    }

    RaceWitness run() {
        Function main = st.program.function("main");
        if (main == null) {
            stopReason = "no main function";
            return null;
        }
        int current = -1;
        try {
            ThreadState mt = new ThreadState(0, "main");
            st.threads.add(mt);
            startMain(mt, main);
            for (long steps = 0; steps < maxSteps; steps++) {
                if ((steps & 127) == 0 && (Thread.currentThread().isInterrupted() || System.nanoTime() > deadline)) {
                    timedOut = true;
                    stopReason = "time";
                    return null;
                }
                int n = st.threads.size();
                Interpreter.Plan[] plans = new Interpreter.Plan[n];
                List<Integer> enabled = new ArrayList<>(n);
                ThreadState owner = null;
                for (ThreadState t : st.threads) if (!t.finished && t.inAtomic()) owner = t;
                if (owner != null) {
                    plans[owner.index] = in.plan(owner);
                    if (!plans[owner.index].enabled()) {
                        stopReason = "atomic section blocks: " + plans[owner.index].abandoned();
                        return null;
                    }
                    enabled.add(owner.index);
                } else {
                    for (ThreadState t : st.threads) {
                        if (t.finished) continue;
                        plans[t.index] = in.plan(t);
                        if (plans[t.index].enabled()) enabled.add(t.index);
                    }
                    if (enabled.size() >= 2) {
                        RaceWitness w = raceAmong(enabled, plans);
                        if (w != null) return w;
                    }
                }
                maxEnabled = Math.max(maxEnabled, enabled.size());
                if (enabled.isEmpty()) {
                    stopReason = allFinished() ? "all threads finished" : firstAbandon(plans);
                    return null;
                }
                boolean currentVisible = current >= 0 && plans[current] != null && plans[current].visible();
                if (currentVisible) visibleSteps++;
                int next = st.chooser.pickThread(enabled, current, currentVisible);
                schedule.addAll(in.execute(st.threads.get(next)));
                current = next;
            }
            stopReason = "step limit";
        } catch (Abandon a) {
            stopReason = a.kind + ": " + a.getMessage();
        }
        return null;
    }

    private boolean allFinished() {
        for (ThreadState t : st.threads) if (!t.finished) return false;
        return true;
    }

    private static String firstAbandon(Interpreter.Plan[] plans) {
        for (Interpreter.Plan p : plans) if (p != null && p.abandoned() != null) return "abandoned: " + p.abandoned();
        return "deadlock";
    }

    private void startMain(ThreadState mt, Function main) {
        List<Value> args = new ArrayList<>();
        List<CType> types = new ArrayList<>();
        if (!main.params().isEmpty()) {
            MemObject prog = st.mem.create("argv[0]", MemObject.Kind.SPECIAL, 5, -1, SourceLoc.NONE);
            System.arraycopy(new byte[] {'p', 'r', 'o', 'g', 0}, 0, prog.writableBytes(), 0, 5);
            int ps = st.dm.pointerSize;
            MemObject argv = st.mem.create("argv", MemObject.Kind.SPECIAL, 2L * ps, -1, SourceLoc.NONE);
            CType charPtr = new CType.Pointer(new CType.Int("char", 1, 1, true), ps);
            st.mem.write(argv.id, 0, charPtr, new Value.Ptr(prog.id, 0));
            MemObject envp = st.mem.create("envp", MemObject.Kind.SPECIAL, ps, -1, SourceLoc.NONE);
            for (int i = 0; i < main.params().size(); i++) {
                args.add(i == 0 ? Value.ONE : i == 1 ? new Value.Ptr(argv.id, 0) : new Value.Ptr(envp.id, 0));
                types.add(null);
            }
        }
        in.pushFrame(mt, main, args, types, null);
    }

    private RaceWitness raceAmong(List<Integer> enabled, Interpreter.Plan[] plans) {
        for (int i = 0; i < enabled.size(); i++) {
            List<Access> as = plans[enabled.get(i)].accesses();
            if (as.isEmpty()) continue;
            for (int j = i + 1; j < enabled.size(); j++) {
                for (Access a : as) {
                    for (Access b : plans[enabled.get(j)].accesses()) {
                        if (a.conflicts(b)) return witness(enabled.get(i), a, enabled.get(j), b);
                    }
                }
            }
        }
        return null;
    }

    private RaceWitness witness(int ta, Access a, int tb, Access b) {
        List<Step> steps = new ArrayList<>(schedule.size());
        for (Interpreter.Executed x : schedule) steps.add(x.toStep());
        return new RaceWitness(side(ta, a), side(tb, b), steps, st.nondetLog);
    }

    private RaceAccess side(int thread, Access a) {
        ThreadState t = st.threads.get(thread);
        MemObject o = st.mem.get(a.obj());
        return new RaceAccess(thread, t.name, a.loc(), a.what(), a.write(), a.off(), a.size(), o.describe());
    }
}
