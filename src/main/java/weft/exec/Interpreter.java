package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.CallTarget;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.LibraryModel;
import weft.model.LibraryModels;
import weft.trace.Step;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Executes CFG edges: one edge is one step of a thread. The same code plans a step ({@link #plan}: evaluate
 * everything, collect the accesses, decide whether the thread can move, change nothing) and performs it
 * ({@link #execute}), so the accesses reported for a pending step are exactly those its execution performs.
 *
 * <p>Must-soundness: branches are decided by evaluating their conditions; user calls push a frame with fresh objects
 * for parameters and locals; a return stores the value into the caller's result lvalue (that write belongs to the
 * return step) and kills the frame's objects; {@code Decl} starts a fresh object. Abandoned: calls to functions that
 * are neither defined nor modelled, inline assembly other than empty or fence templates without outputs,
 * variable-length arrays whose size the IR does not carry (a VLA declaration with a size allocates an object of
 * exactly that many bytes when it is reached; element indexing is checked against the object), use of the value of a non-void function that fell off its end, CFG dead ends.
 */
public final class Interpreter {
    /** Largest variable-length array the explorer allocates (a larger one is abandoned). */
    private static final long MAX_VLA_BYTES = 1 << 16;
    private static final Set<String> HARMLESS_ASM = Set.of("", "mfence", "lfence", "sfence", "nop", "pause", "rep; nop", "rep nop");

    /**
     * What a thread's next step would do; {@code section}: the nondet values of a speculated atomic section;
     * {@code looked}: every object the planning looked at (accessed, or checked for liveness or bounds).
     */
    public record Plan(boolean enabled, List<ByteAccess> accesses, boolean visible, String abandoned, List<Long> section,
                boolean terminates, Abandon.Kind abandonKind, Memory.ReadLog looked) {
        static final Plan DISABLED = new Plan(false, List.of(), false, null, null, false, null, new Memory.ReadLog());
    }

    final ExecState st;
    final Evaluator ev;
    final LibraryBehaviour lib;

    public Interpreter(ExecState st) {
        this.st = st;
        this.ev = new Evaluator(st);
        this.lib = new LibraryBehaviour(this);
    }

    /**
     * Plans the thread's next step. A plan is reused while nothing it depends on changed: the thread did not move,
     * no library call ran and no thread ended (synchronisation state), and no object it looked at was written or
     * freed (every look at memory goes through {@link Memory#check} or {@link Memory#get}, which log the object).
     */
    public Plan plan(ThreadState t) {
        if (t.finished) return Plan.DISABLED;
        if (t.cachedPlan != null && t.cachedSync == st.syncEpoch && st.mem.unchangedSince(t.cachedReads, t.cachedEpoch)) {
            return t.cachedPlan;
        }
        t.ownTop();
        Ctx c = new Ctx(t, t.top(), true);
        Memory.ReadLog log = new Memory.ReadLog();
        st.mem.readLog = log;
        Plan p;
        try {
            boolean enabled;
            for (int n = 0; ; n++) {
                try {
                    enabled = step(t, c);
                    break;
                } catch (Abandon.Indeterminate x) {
                    // an indeterminate integer read is an input: the choice belongs to the state (the storage held the
                    // value all along), so it is made before planning again, and the plan and the step both see it
                    if (!x.choosable() || n >= MAX_MATERIALISED) throw x;
                    st.materialise(x, x.loc);
                    c = new Ctx(t, t.top(), true);
                }
            }
            if (enabled && c.entersAtomic && !t.inAtomic() && !st.speculating) {
                Speculation.Result r = Speculation.run(this, t);
                p = new Plan(r.feasible(), r.accesses(), true, r.abandoned(), r.nondet(), r.terminates(),
                        r.abandoned() == null ? null : Abandon.Kind.UNSUPPORTED, log);
            } else {
                // a step that ends the program is planned, never run: a proof stops here when the exit writes for a memory stream
                if (c.terminates && st.exhaustive && MemoryStreams.writesAtExit(st)) throw heldAtEnd();
                p = new Plan(enabled, c.accesses, c.visible || touchesShared(c.accesses, t), null, null, c.terminates, null, log);
            }
        } catch (Abandon a) {
            p = new Plan(false, List.of(), true, a.getMessage(), null, false, a.kind, log);
        } finally {
            st.mem.readLog = null;
        }
        t.cachedPlan = p;
        t.cachedReads = log;
        t.cachedEpoch = st.mem.epoch();
        t.cachedSync = st.syncEpoch;
        return p;
    }

    /** Most indeterminate reads one plan makes inputs of (each makes bytes known, so this only bounds the work). */
    private static final int MAX_MATERIALISED = 64;

    private boolean touchesShared(List<ByteAccess> accesses, ThreadState t) {
        for (ByteAccess a : accesses) {
            Block o = st.mem.get(a.obj());
            if (o.kind != Block.Kind.LOCAL || o.addressTaken || o.owner != t.index) return true;
        }
        return false;
    }

    /** An executed statement, turned into a {@link Step} only for witnesses. */
    public record Executed(int thread, String threadName, Edge edge, boolean resumed) {
        public Step toStep() {
            if (edge == null) return new Step(thread, threadName, weft.ir.SourceLoc.NONE, "return");
            String resumes = resumed ? "(resumes) " : "";
            return new Step(thread, threadName, edge.loc(), resumes + edge.stmt(), !resumed && Step.internal(edge.stmt()),
                    resumes + weft.ir.CText.of(edge.stmt()));
        }
    }

    /** Performs the thread's next step (which {@link #plan} found enabled) and returns the executed statements. */
    public List<Executed> execute(ThreadState t) {
        Plan plan = t.cachedPlan;
        t.cachedPlan = null;
        List<Executed> done = new ArrayList<>(2);
        boolean wasAtomic = t.inAtomic();
        if (plan != null && plan.section() != null) st.replay = new java.util.ArrayDeque<>(plan.section());
        try {
            done.add(stepRecorded(t));
            if (st.exhaustive && (t.finished && lastThread()) && MemoryStreams.writesAtExit(st)) throw heldAtEnd();
            if (!wasAtomic && t.inAtomic()) {
                // an atomic section runs to its end as one step (its plan checked that it can)
                for (int n = 0; !t.finished && t.inAtomic(); n++) {
                    if (n > Speculation.MAX_SECTION_STEPS) throw Abandon.stuck("atomic section too long");
                    done.add(stepRecorded(t));
                }
                return done;
            }
        } catch (Abandon a) {
            if (a.kind == Abandon.Kind.PROGRAM_END && st.exhaustive && MemoryStreams.writesAtExit(st)) throw heldAtEnd();
            throw a;
        } finally {
            st.replay = null;
        }
        Edge e = done.get(0).edge();
        // _Atomic read-modify-write split by the front end into "tmp = a; a = f(tmp)": run as one step
        if (e != null && e.stmt() instanceof Stmt.Assign a1 && !t.finished && !t.inAtomic()) {
            Lvalue atomicRead = atomicLoad(a1.rhs());
            if (atomicRead != null) {
                List<Edge> out = t.top().fn.cfg().out(t.top().node);
                if (out.size() == 1 && out.get(0).stmt() instanceof Stmt.Assign a2 && a2.lhs().equals(atomicRead)) {
                    t.ownTop();
                    Ctx c2 = new Ctx(t, t.top(), false);
                    step(t, c2);
                    done.add(new Executed(t.index, t.name, out.get(0), false));
                }
            }
        }
        return done;
    }

    /** Performs a step known to be local without planning it (see {@link LocalEdges}). */
    public Executed performLocal(ThreadState t) {
        t.cachedPlan = null;
        return stepRecorded(t);
    }

    private Executed stepRecorded(ThreadState t) {
        boolean resumed = t.phase != ThreadState.Phase.NONE;
        t.ownTop();
        Ctx c = new Ctx(t, t.top(), false);
        if (!step(t, c)) throw Abandon.stuck("step blocked although planned as enabled");
        return new Executed(t.index, t.name, c.taken, resumed);
    }

    private static Lvalue atomicLoad(Expr e) {
        if (e instanceof Expr.Load l) return l.lvalue().type().isAtomic() ? l.lvalue() : null;
        if (e instanceof Expr.Binary b) {
            Lvalue x = atomicLoad(b.left());
            return x != null ? x : atomicLoad(b.right());
        }
        if (e instanceof Expr.Unary u) return atomicLoad(u.operand());
        if (e instanceof Expr.Cast k) return atomicLoad(k.operand());
        return null;
    }

    /** Runs (or plans) one step; returns false when the thread is blocked. */
    boolean step(ThreadState t, Ctx c) {
        Frame f = t.top();
        Cfg cfg = f.fn.cfg();
        List<Edge> out = cfg.out(f.node);
        if (t.phase != ThreadState.Phase.NONE) {
            c.taken = out.get(0);
            return lib.resume(t, c, out.get(0));
        }
        if (out.isEmpty()) {
            if (f.node == cfg.exit()) return doReturn(t, c, null, f.fn.loc());
            throw Abandon.stuck("control reaches a dead end in " + f.fn.name());
        }
        Edge e = out.size() == 1 ? out.get(0) : chooseBranch(out, c);
        c.taken = e;
        Stmt s = e.stmt();
        if (s instanceof Stmt.Assign a) {
            ev.store(a.lhs(), ev.eval(a.rhs(), c), a.rhs().type(), c, a.loc());
        } else if (s instanceof Stmt.Assume as) {
            if (out.size() == 1 && ev.test(ev.eval(as.cond(), c)) != as.positive()) {
                throw Abandon.unsupported("only branch is infeasible");
            }
        } else if (s instanceof Stmt.Call call) {
            return call(t, c, e, call);
        } else if (s instanceof Stmt.Return r) {
            return doReturn(t, c, r.value(), r.loc());
        } else if (s instanceof Stmt.Decl d) {
            long vlaBytes = -1;
            if (d.variable().type().size() < 0) {
                if (d.size() == null) throw Abandon.unsupported("variable-length array " + d.variable().name());
                if (!(ev.eval(d.size(), c) instanceof Value.Int n) || n.v() < 0 || n.v() > MAX_VLA_BYTES) {
                    throw Abandon.unsupported("size of variable-length array " + d.variable().name());
                }
                vlaBytes = n.v();
            }
            if (!c.dry) {
                int old = f.removeObject(d.variable().id());
                if (old >= 0) st.mem.kill(old);
                if (vlaBytes >= 0) st.newLocal(t, f, d.variable(), vlaBytes, false);
                else if (d.zeroed()) st.newLocal(t, f, d.variable(), d.variable().type().size(), true);
            }
        } else if (s instanceof Stmt.Asm asm) {
            if (!harmlessAsm(asm.text())) throw Abandon.unsupported("inline assembly: " + asm.text());
        } else if (!(s instanceof Stmt.Skip)) {
            throw Abandon.unsupported("statement " + s);
        }
        if (!c.dry) f.node = e.to();
        return true;
    }

    private Edge chooseBranch(List<Edge> out, Ctx c) {
        Edge chosen = null;
        Expr evaluated = null;
        boolean value = false;
        for (Edge e : out) {
            if (!(e.stmt() instanceof Stmt.Assume a)) throw Abandon.unsupported("nondeterministic control flow");
            boolean v;
            if (a.cond() == evaluated) {
                v = value;
            } else {
                v = ev.test(ev.eval(a.cond(), c));
                evaluated = a.cond();
                value = v;
            }
            if (v == a.positive()) {
                if (chosen != null && chosen.to() != e.to()) throw Abandon.unsupported("two branches enabled");
                chosen = e;
            }
        }
        if (chosen == null) throw Abandon.unsupported("no branch enabled");
        return chosen;
    }

    private static final java.util.Map<String, Boolean> HARMLESS = new java.util.concurrent.ConcurrentHashMap<>();

    public static boolean harmlessAsm(String text) {
        return HARMLESS.computeIfAbsent(text, Interpreter::isHarmlessAsm);
    }

    private static boolean isHarmlessAsm(String text) {
        String s = text.trim();
        if (s.isEmpty()) return true;
        if (!s.startsWith("\"")) return false;
        int end = s.indexOf('"', 1);
        if (end < 0) return false;
        String template = s.substring(1, end).replace("\\n", ";").replace("\\t", " ").trim();
        while (template.endsWith(";")) template = template.substring(0, template.length() - 1).trim();
        String rest = s.substring(end + 1).trim();
        if (!rest.isEmpty()) {
            if (!rest.startsWith(":")) return false;
            String[] parts = rest.substring(1).split(":", -1);
            if (!parts[0].trim().isEmpty()) return false; // outputs
            if (parts.length > 1 && !parts[1].trim().isEmpty()) return false; // inputs (could be addresses)
        }
        return HARMLESS_ASM.contains(template);
    }

    // ------------------------------------------------------------------ calls and returns

    private boolean call(ThreadState t, Ctx c, Edge e, Stmt.Call call) {
        CallTarget target = st.program.target(call);
        if (target instanceof CallTarget.External x && weft.model.VaListBuiltins.is(x.name())) {
            return VarArgs.builtin(this, t, c, e, call, x.name());
        }
        if (target instanceof CallTarget.Indirect ind) {
            Value fv = ev.eval(ind.pointer(), c);
            if (!(fv instanceof Value.Fn fn)) throw Abandon.unsupported("call through " + fv);
            target = resolve(fn.name());
        }
        List<Value> args = new ArrayList<>(call.args().size());
        for (int i = 0; i < call.args().size(); i++) args.add(ev.eval(call.args().get(i), c));
        if (target instanceof CallTarget.User u) {
            if (LibraryModels.isAtomicFunction(u.function().name())) {
                c.visible = true;
                if (!t.inAtomic()) c.entersAtomic = true;
            }
            if (!c.dry) pushFrame(t, u.function(), args, argTypes(call), e);
            return true;
        }
        if (target instanceof CallTarget.Library l) return lib.call(t, c, e, call, l.model(), args);
        String name = ((CallTarget.External) target).name();
        throw Abandon.unsupported("call to unknown function " + name);
    }

    CallTarget resolve(String name) {
        Function f = st.program.function(name);
        if (f != null) return new CallTarget.User(f);
        LibraryModel m = st.program.models().lookup(name).orElse(null);
        if (m != null) return new CallTarget.Library(m);
        return new CallTarget.External(name);
    }

    private static List<CType> argTypes(Stmt.Call call) {
        List<CType> ts = new ArrayList<>(call.args().size());
        for (int i = 0; i < call.args().size(); i++) ts.add(call.args().get(i).type());
        return ts;
    }

    /** Starts an activation of {@code fn}; {@code callEdge} is null for a thread's start routine. */
    public Frame pushFrame(ThreadState t, Function fn, List<Value> args, List<CType> argTypes, Edge callEdge) {
        if (t.stack.size() > 2000) throw Abandon.unsupported("recursion too deep");
        if (args.size() < fn.params().size()) throw Abandon.unsupported("too few arguments to " + fn.name());
        Frame f = new Frame(fn, callEdge, LibraryModels.isAtomicFunction(fn.name()), ++st.frameSerial);
        for (int i = 0; i < fn.params().size(); i++) {
            Variable p = fn.params().get(i);
            int obj = st.newLocal(t, f, p);
            Value v = ev.convert(args.get(i), argTypes.get(i), p.type());
            if (p.type().size() > 0) st.mem.write(obj, 0, p.type(), v);
        }
        VarArgs.bind(st, ev, t, f, fn, args, argTypes);
        t.push(f);
        if (f.atomic) t.atomicFrames++;
        return f;
    }

    private boolean doReturn(ThreadState t, Ctx c, Expr value, SourceLoc loc) {
        Frame f = t.top();
        CType rt = f.fn.type().returnType();
        Value v;
        if (value != null) v = ev.convert(ev.eval(value, c), value.type(), rt);
        else if (rt.unqualified() instanceof CType.Void) v = Value.ZERO;
        else v = f.callEdge == null && t.index == 0 ? Value.ZERO : new Value.Undef();
        if (f.callEdge == null) {
            if (t.index == 0) {
                c.visible = true;
                c.terminates = true;
                if (c.dry) return true;
                throw Abandon.end("main returned");
            }
            if (!c.dry) finishThread(t, v);
            return true;
        }
        Frame caller = t.stack.get(t.stack.size() - 2);
        Stmt.Call call = (Stmt.Call) f.callEdge.stmt();
        if (call.result() != null) {
            Value result = f.onceKey != null ? Value.ZERO : v;
            c.frame = caller;
            ev.store(call.result(), result, f.onceKey != null ? null : rt, c, call.loc());
            c.frame = f;
        }
        if (c.dry) return true;
        popFrame(t);
        if (f.onceKey != null) {
            st.beforeSyncChange();
            Sync.Once once = st.sync.once.get(f.onceKey);
            once.done = true;
            once.runner = -1;
        }
        caller.node = f.callEdge.to();
        return true;
    }

    void popFrame(ThreadState t) {
        Frame f = t.stack.remove(t.stack.size() - 1);
        for (int i = 0; i < f.owned(); i++) st.mem.kill(f.ownedAt(i));
        if (f.atomic) t.atomicFrames--;
    }

    /** Whether every thread has finished (the process then exits, flushing its streams). */
    private boolean lastThread() {
        for (ThreadState o : st.threads) if (!o.finished) return false;
        return true;
    }

    /**
     * A proof stops where the program ends with a memory stream whose buffer or locations the exit writes
     * ({@link MemoryStreams#writesAtExit}), which no step records.
     */
    private static Abandon heldAtEnd() {
        return Abandon.unsupported("the program ends with a memory stream the exit writes for (its output buffered, or open_memstream's)");
    }

    /** Ends a thread (return from its start routine or pthread_exit) with result {@code v}. */
    void finishThread(ThreadState t, Value v) {
        st.beforeSyncChange();
        if (t.inAtomic()) throw Abandon.unsupported("thread ends inside an atomic section");
        // glibc's cleanup handler releases its loader lock when a thread ends inside dl_iterate_phdr's callback
        if (t.libraryLocks > 0) throw Abandon.unsupported("thread ends inside a callback the C library calls under its own lock");
        for (Frame f : t.stack) {
            if (f.onceKey != null) throw Abandon.unsupported("thread exits inside a pthread_once routine");
        }
        while (!t.stack.isEmpty()) popFrame(t);
        for (int id : t.tls.values()) st.mem.kill(id);
        for (Long key : t.specific.keySet()) {
            Value val = t.specific.get(key);
            if (Boolean.TRUE.equals(st.sync.keys.get(key)) && !(val instanceof Value.Int i && i.v() == 0)) {
                throw Abandon.unsupported("thread-specific destructor");
            }
        }
        t.finished = true;
        t.retval = v;
    }

    /** Completes a library call edge: stores the result (if the call has a result lvalue) and moves on. */
    boolean finishCall(ThreadState t, Ctx c, Edge e, Value result, CType resultType) {
        Stmt.Call call = (Stmt.Call) e.stmt();
        if (call.result() != null) {
            if (result == null) throw Abandon.unsupported("result of " + call.callee() + " is not modelled");
            ev.store(call.result(), result, resultType, c, call.loc());
        }
        if (!c.dry) t.top().node = e.to();
        return true;
    }
}
