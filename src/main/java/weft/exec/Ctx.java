package weft.exec;

import weft.exec.state.*;

import java.util.ArrayList;
import java.util.List;

/**
 * The context of evaluating one step of one thread: which frame names resolve in, whether the step is only being
 * planned ({@code dry}: evaluate and collect accesses, change nothing), and the accesses collected so far.
 */
public final class Ctx {
    final ThreadState thread;
    Frame frame;
    final boolean dry;
    final List<ByteAccess> accesses = new ArrayList<>(4);
    /**
     * Whether accesses are collected: when planning, and when a speculated atomic section runs (its accesses are
     * those of its plan); a step performed for real needs none.
     */
    boolean collect;
    /** The step runs inside an atomic section, so its accesses are atomic. */
    final boolean atomicSection;
    /** The step synchronises or otherwise interacts with other threads (for the scheduler's choice points). */
    boolean visible;
    /** The step ends the program (exit, abort, error function, return from main). */
    boolean terminates;
    /** The step enters an atomic section (its plan then runs the whole section, see {@link Speculation}). */
    boolean entersAtomic;
    /** The edge the step takes (null: the return at the end of a function without a return statement). */
    weft.ir.Edge taken;

    Ctx(ThreadState thread, Frame frame, boolean dry) {
        this.thread = thread;
        this.frame = frame;
        this.dry = dry;
        this.collect = dry;
        this.atomicSection = thread != null && thread.inAtomic();
    }

    boolean collects() {
        return collect;
    }

    void record(ByteAccess a) {
        if (collect) accesses.add(atomicSection ? a.insideSection() : a);
    }
}
