package weft.explore;

import weft.exec.state.Abandon;
import weft.exec.state.ByteAccess;
import weft.exec.ExecState;
import weft.exec.Frame;
import weft.exec.Interpreter;
import weft.exec.state.Block;
import weft.exec.state.Memory;
import weft.exec.ThreadState;
import weft.ir.CallTarget;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.model.LibraryModels;

import java.util.ArrayList;
import java.util.List;

/**
 * The fused transitions of {@link StateSpace}: one step of a thread followed by its local steps, with what the
 * whole transition read and changed (its {@link Memory.Footprint}).
 *
 * <p>A step is <em>local</em> when it only reads and writes objects private to its thread (see {@link Sharing}),
 * looks at no other object that can die, and does nothing else another thread could observe: an assignment, branch,
 * declaration or fence; a direct call of a defined function (its parameters are fresh private objects); a return to
 * a caller that kills only private objects. Calls of library functions, atomic functions, thread ends and
 * once-routines are never local. Steps local by their syntax alone ({@link LocalEdges}) are performed without
 * planning them.
 *
 * <p>Why a local step of thread t can be fused with t's previous step: in the state in between, t's pending step
 * touches nothing another thread reaches — and cannot come to: the objects other threads reach grow only by the
 * objects they create while t does not move ({@link Sharing}) — so it commutes with every step of the other
 * threads, cannot enable or disable them, changes none of their next steps, and cannot race. Every state reachable
 * from the state in between is then reachable, with the same pending steps of the other threads, after t's local
 * step (if a path moves t, its first step of t is that local step and can be moved to the front; if it does not, the
 * local step can be appended, changing no other thread's pending step). And the state in between races only if the
 * state after the local step does (t's pending step cannot race; the others' are the same). So the states in between
 * need neither be visited nor checked. At most {@link #MAX_CHAIN} local steps are fused, so that a thread looping
 * locally forever still reaches a visited state.
 */
final class Transitions {
    /** Local steps fused into one transition at most. */
    static final int MAX_CHAIN = 10_000;

    /** A performed transition: the executed statements and what it read and changed. */
    record Fused(List<Interpreter.Executed> steps, Memory.Footprint footprint) {}

    private final Program program;
    private final LocalEdges localEdges;
    private final int fixedObjects;

    Transitions(Program program, LocalEdges localEdges, int fixedObjects) {
        this.program = program;
        this.localEdges = localEdges;
        this.fixedObjects = fixedObjects;
    }

    /**
     * Performs thread {@code t}'s next step on {@code s} (planned enabled on the state {@code s} copies) and then its
     * following local steps; null when the first step ends the path (end of the program, failed assumption).
     *
     * <p>The footprint is global when the transition may have changed synchronisation or thread state other than a
     * lock (a library call that does, a thread created or ended, an atomic section). It is fragile when a step was
     * found not local because of an object that is not static and not private to t: a transition that drops
     * pointers could make that object private and so lengthen this one.
     */
    Fused perform(ExecState s, int t) {
        ThreadState ts = s.threads.get(t);
        Interpreter.Plan planned = ts.cachedPlan;
        Memory.Footprint fp = new Memory.Footprint(s.mem.count());
        int threads = s.threads.size();
        s.mem.footprint = fp;
        try {
            List<Interpreter.Executed> first = step(s, ts);
            if (first == null) return null;
            List<Interpreter.Executed> done = new ArrayList<>(first);
            // local steps of t change nothing other threads reach: the sharing after the first step stays valid
            LazySharing sh = new LazySharing(s);
            Interpreter in = new Interpreter(s);
            for (int k = 0; k < MAX_CHAIN && !ts.finished; k++) {
                if (syntacticallyLocal(s, ts)) {
                    try {
                        done.add(in.performLocal(ts));
                    } catch (Abandon a) {
                        throw new StateSpace.Stop(ts.name + ": " + a.getMessage());
                    }
                    continue;
                }
                Interpreter.Plan p = in.plan(ts);
                if (!localStep(ts, p, sh)) break;
                try {
                    // a step its plan found enabled may still stop when performed (an input its plan did not read:
                    // a bit-field store's storage unit)
                    done.addAll(in.execute(ts));
                } catch (Abandon a) {
                    throw new StateSpace.Stop(ts.name + ": " + a.getMessage());
                }
            }
            fp.fragile |= sh.fragile;
            fp.global |= s.threads.size() != threads || (planned != null && planned.section() != null);
            return new Fused(done, fp);
        } finally {
            s.mem.footprint = null;
        }
    }

    /**
     * The threads in {@code todo}, those whose next step (planned as {@code plans}) is local first: they are the ones
     * still short of their next visible step (new threads, chains cut at {@link #MAX_CHAIN}), and moving them first
     * reaches the states where they meet the others sooner. Only the order changes, so nothing is lost.
     */
    List<Integer> localFirst(ExecState s, List<Integer> todo, Interpreter.Plan[] plans) {
        if (todo.size() < 2) return todo;
        LazySharing sh = new LazySharing(s);
        List<Integer> first = new ArrayList<>(todo.size());
        List<Integer> rest = new ArrayList<>(todo.size());
        for (int t : todo) {
            ThreadState ts = s.threads.get(t);
            (syntacticallyLocal(s, ts) || localStep(ts, plans[t], sh) ? first : rest).add(t);
        }
        first.addAll(rest);
        return first;
    }

    private static List<Interpreter.Executed> step(ExecState s, ThreadState ts) {
        Interpreter in = new Interpreter(s);
        try {
            return in.execute(ts);
        } catch (Abandon a) {
            if (a.kind == Abandon.Kind.INFEASIBLE || a.kind == Abandon.Kind.PROGRAM_END) return null;
            throw new StateSpace.Stop(ts.name + ": " + a.getMessage());
        }
    }

    /**
     * Whether the thread's next step is local by its syntax (see {@link LocalEdges}) and the variables it reads hold
     * no pointer: then it need not be planned.
     */
    private boolean syntacticallyLocal(ExecState s, ThreadState t) {
        if (t.phase != ThreadState.Phase.NONE || t.inAtomic()) return false;
        Frame f = t.top();
        List<Edge> out = f.fn.cfg().out(f.node);
        if (out.isEmpty()) return false;
        for (Edge e : out) {
            int[] reads = localEdges.variablesRead(f.fn, e);
            if (reads == null) return false;
            for (int v : reads) {
                int o = f.object(v);
                if (o >= 0 && !s.mem.peek(o).ptrs.isEmpty()) return false;
            }
        }
        return true;
    }

    /** The {@link Sharing} of a state, computed when first needed. */
    private final class LazySharing {
        private final ExecState s;
        private Sharing sharing;
        /** Some object that is not static was found shared (see {@link #perform}). */
        boolean fragile;

        LazySharing(ExecState s) {
            this.s = s;
        }

        /** Whether {@code obj} is certainly private to thread {@code t}: first the cheap test, then reachability. */
        boolean privateTo(int obj, ThreadState t) {
            Block o = s.mem.peek(obj);
            if (o.kind == Block.Kind.LOCAL && !o.addressTaken && o.owner == t.index) return true; // no pointer to it exists
            if (obj < fixedObjects) return false;
            if (sharing == null) sharing = Sharing.of(s, fixedObjects);
            boolean mine = sharing.privateTo(obj, t.index);
            if (!mine) fragile = true;
            return mine;
        }

        /** Whether looking at {@code obj} (liveness, bounds) is independent of other threads: private or static. */
        boolean stable(int obj, ThreadState t) {
            return obj < fixedObjects || privateTo(obj, t);
        }
    }

    /** Whether the thread's next step, planned as {@code p}, is local (see the class comment). */
    private boolean localStep(ThreadState t, Interpreter.Plan p, LazySharing sh) {
        if (!p.enabled() || p.terminates() || p.section() != null) return false;
        if (t.phase != ThreadState.Phase.NONE || t.inAtomic()) return false;
        Frame f = t.top();
        Cfg cfg = f.fn.cfg();
        List<Edge> out = cfg.out(f.node);
        if (out.isEmpty()) {
            if (f.node != cfg.exit() || !localReturn(t, f, sh)) return false;
        }
        for (Edge e : out) {
            Stmt st = e.stmt();
            if (st instanceof Stmt.Decl d) {
                int old = f.object(d.variable().id());
                if (old >= 0 && !sh.privateTo(old, t)) return false;
            } else if (st instanceof Stmt.Call call) {
                if (!(program.target(call) instanceof CallTarget.User u) || LibraryModels.isAtomicFunction(u.function().name())) return false;
            } else if (st instanceof Stmt.Return) {
                if (!localReturn(t, f, sh)) return false;
            } else if (!(st instanceof Stmt.Assign || st instanceof Stmt.Assume || st instanceof Stmt.Skip || st instanceof Stmt.Asm)) {
                return false;
            }
        }
        for (ByteAccess a : p.accesses()) if (!sh.privateTo(a.obj(), t)) return false;
        Memory.ReadLog looked = p.looked();
        for (int i = 0; i < looked.size; i++) if (!sh.stable(looked.ids[i], t)) return false;
        return true;
    }

    private static boolean localReturn(ThreadState t, Frame f, LazySharing sh) {
        if (t.stack.size() < 2 || f.atomic || f.onceKey != null || f.callEdge == null) return false;
        for (int i = 0; i < f.owned(); i++) if (!sh.privateTo(f.ownedAt(i), t)) return false;
        return true;
    }
}
