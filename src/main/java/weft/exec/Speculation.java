package weft.exec;

import weft.exec.state.*;

import java.util.ArrayList;
import java.util.List;

/**
 * Speculative execution of an atomic section ({@code __VERIFIER_atomic_begin/end} or a {@code __VERIFIER_atomic_*}
 * function) when a thread is about to enter one. SV-COMP gives a whole section the semantics of one indivisible step:
 * it can be taken only if it can run to its end (an {@code assume} that fails inside makes the step impossible in
 * this state, as in the usual "atomic await" idiom), and the accesses it performs are accesses of that one step,
 * atomic ones (also when the section then ends the program: what it accessed before, it accessed). So the planner runs the section for real on the current state, collects its accesses and the
 * nondeterministic values it used, and rolls everything back (memory through an undo log; the thread, the
 * synchronisation state, the nondet log; threads created inside are dropped). When the thread is then scheduled,
 * the section is executed again with the same values, which reproduces the same run.
 *
 * <p>Must-soundness: the accesses reported for the section are those of a complete run of it from the planned
 * state; a section that fails an assumption or blocks is not enabled; one that meets anything unsupported, or would change another thread (join, detach, barrier), is not enabled.
 */
public final class Speculation {
    static final int MAX_SECTION_STEPS = 5_000;

    /** The outcome: whether the section can be taken, its accesses and nondet values, or why it was abandoned. */
    record Result(boolean feasible, List<ByteAccess> accesses, List<Long> nondet, String abandoned, boolean terminates) {}

    private Speculation() {}

    static Result run(Interpreter in, ThreadState t) {
        ExecState st = in.st;
        ThreadState savedThread = t.snapshot();
        int threadCount = st.threads.size();
        st.syncBeforeSpeculation = null;
        int heapCount = st.heapCount;
        long syncEpoch = st.syncEpoch;
        st.speculativeKeys = new ArrayList<>();
        int previous = st.previousValues.size();
        List<Long> recorded = new ArrayList<>();
        List<ByteAccess> accesses = new ArrayList<>();
        st.recording = recorded;
        st.speculating = true;
        int objectsBefore = st.mem.count();
        st.mem.beginUndo();
        boolean feasible = false;
        boolean terminates = false;
        String abandoned = null;
        try {
            for (int n = 0; ; n++) {
                t.ownTop();
                Ctx c = new Ctx(t, t.top(), false);
                c.collect = true;
                boolean moved = in.step(t, c);
                accesses.addAll(c.accesses);
                if (!moved) break;
                if (t.finished || !t.inAtomic()) {
                    feasible = true;
                    break;
                }
                if (n > MAX_SECTION_STEPS) {
                    abandoned = "atomic section too long";
                    break;
                }
            }
        } catch (Abandon a) {
            switch (a.kind) {
                case INFEASIBLE -> feasible = false;
                case PROGRAM_END -> {
                    // the section ends the program; the accesses it performed before are still performed
                    feasible = true;
                    terminates = true;
                }
                default -> abandoned = a.getMessage();
            }
        } finally {
            st.mem.rollback();
            t.restore(savedThread);
            st.threads.subList(threadCount, st.threads.size()).clear();
            if (st.syncBeforeSpeculation != null) st.sync.restore(st.syncBeforeSpeculation);
            st.syncBeforeSpeculation = null;
            st.heapCount = heapCount;
            st.syncEpoch = syncEpoch;
            st.undoNondetLog();
            st.previousValues.subList(previous, st.previousValues.size()).clear();
            st.recording = null;
            st.speculating = false;
        }
        if (abandoned != null) return new Result(false, List.of(), null, abandoned, false);
        // objects created inside the section are gone after the rollback and their ids will be reused; no other
        // thread can have been about to access them, so their accesses are dropped
        List<ByteAccess> kept = new ArrayList<>(accesses.size());
        if (feasible) for (ByteAccess a : accesses) if (a.obj() < objectsBefore) kept.add(a);
        return new Result(feasible, kept, recorded, null, terminates);
    }
}
