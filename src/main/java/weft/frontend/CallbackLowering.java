package weft.frontend;

import weft.ir.CType;
import weft.ir.Cfg;
import weft.ir.DataModel;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.Event;
import weft.model.LibcFacts;
import weft.model.LibcFacts.Callback;
import weft.model.LibcFacts.When;
import weft.model.LibraryModel;
import weft.model.LibraryModels;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Lowers the callbacks C library functions call ({@link LibcFacts#callbacks}, the table's {@code callbacks}
 * column) into ordinary IR, so that every analysis (points-to, thread graph, locksets, accesses, escape) sees
 * them as calls and thread creations of the program itself. Each behaviour below over-approximates what the
 * library may do, which is what the may-analyses need:
 *
 * <ul>
 *   <li><b>sync</b> ({@code qsort}, {@code bsearch}, {@code ftw}...): the library may call the callback any
 *       number of times during the call, in the calling thread, interleaved with its own accesses. Lowered to
 *       a loop {@code while (more()) cb(params);} just before the call, the arguments first copied to
 *       temporaries (so the call and the callbacks see the values evaluated once, as in C). The library's own
 *       accesses do not change locks or threads, so every state in which a callback or one of the call's
 *       accesses runs in reality (after any number of callbacks) is a state of the loop. A sort or a search
 *       ({@code qsort}, {@code qsort_r}, {@code bsearch}: semantics {@code sort}, {@code search}) asks the library
 *       for each comparison instead ({@link LibraryLoops}), which the explorer answers as glibc does; so does a binary tree's
 *       operation ({@code tsearch}...: semantics {@code tree}).</li>
 *   <li><b>async</b> (signal handlers of {@code signal}, {@code sigaction}): a handler may run at any time after
 *       its registration, in any thread, any number of times, interrupting whatever that thread holds. Lowered
 *       to {@code while (more()) pthread_create(&t, 0, handler, 0);} just after the call: a non-unique thread
 *       created at the registration, never joined, holding no lock of its own, in parallel with everything that
 *       follows the registration in every thread. Sound for races between the handler and every thread
 *       (the interrupted one included: it holds no lock against its own handler). When the handler can be read at
 *       the call (an argument, or a member the table names: {@code sigaction}'s {@code __sigaction_handler}), it is
 *       read once after the call (the library copies it) and the loop runs only when it is neither {@code SIG_DFL} (0)
 *       nor {@code SIG_IGN} (1), values no function has: no handler runs otherwise. Not reported: a handler's
 *       conflicts on the interrupted thread's own thread-local objects ({@code __thread}, errno), which are not
 *       races between threads.</li>
 *   <li><b>exit</b> ({@code atexit}) and <b>fork</b> ({@code pthread_atfork}): handlers run later, in the thread
 *       that exits or forks. A handler given by name with only constant parameters is called, in a loop, just
 *       before each call of a function ending the program ({@link Event.ProgramEnd} without error) and before
 *       each {@code return} of {@code main} (exit), or before each call of a function whose {@code runs} names the group (fork):
 *       there it runs in the thread that really runs it, with that thread's locks and threads. Otherwise (a
 *       handler through a pointer, parameters from the registration's arguments, or a program that may end
 *       in a way the lowering does not see: {@code pthread_exit} anywhere, which may make the last thread run
 *       the exit handlers, or a program-ending function taken as a pointer) the handler is lowered as an async
 *       one, which covers any thread at any time after the registration.</li>
 * </ul>
 *
 * <p>A library function with callbacks or {@code runs} whose address the program takes (then called through a
 * pointer, where no lowering happens) is left out of the models: it is unknown external code, which may call
 * anything it was given (sound, as before the table knew it). The loop condition is {@code __weft_callback_more(k)},
 * a pure model the analyses read as any integer. The explorer does not know how often the library really calls back:
 * for synchronous callbacks ({@code k} 0) it abandons, so no witness rests on a guess (sorts, searches, file-tree
 * walks, binary trees' operations and {@code scandir} have loops of their own, {@link LibraryLoops}, which it runs);
 * for handlers that may never run
 * ({@code k} 1: a signal that never arrives, exit and fork handlers, which run only once the program ends or forks)
 * the witness search takes none to run (recorded in the witness), and a proof stops there.
 */
final class CallbackLowering {
    static final String MORE = "__weft_callback_more";

    private final ProgramBuilder b;
    private final LibraryModels models;
    private final DataModel dm;
    private final Map<String, Variable> libcObjects;
    private final CType.Int intT;
    private final CType.Int charT;
    private final CType voidPtr;
    private final CType charPtr;
    private final CType fnPtr;
    private final LibraryLoops loops;

    private CallbackLowering(ProgramBuilder b, LibraryModels models, Map<String, Variable> libcObjects) {
        this.b = b;
        this.models = models;
        this.dm = b.dataModel();
        this.libcObjects = libcObjects;
        this.intT = new CType.Int("int", dm.intSize, dm.intSize, true);
        this.charT = new CType.Int("char", 1, 1, true);
        this.voidPtr = new CType.Pointer(new CType.Void(), dm.pointerSize);
        this.charPtr = new CType.Pointer(charT, dm.pointerSize);
        this.fnPtr = new CType.Pointer(new CType.Function(new CType.Void(), List.of(), true), dm.pointerSize);
        this.loops = new LibraryLoops(this, dm, intT, voidPtr);
    }

    /** The library functions with callbacks whose address the program takes: to be treated as unknown code. */
    static Set<String> addressTaken(Map<String, Function> functions, LibraryModels models) {
        Set<String> refs = functionRefs(functions);
        Set<String> out = new TreeSet<>();
        for (String r : refs) {
            if (functions.containsKey(r)) continue;
            LibraryModel m = models.lookup(r).orElse(null);
            if (m != null && (!m.facts().callbacks().isEmpty() || !m.facts().runs().isEmpty())) out.add(r);
        }
        // a handler run as a thread gets only its first parameter: functions handing it later ones from their
        // arguments (on_exit) stay unknown code
        for (LibraryModel m : models.all()) {
            for (Callback cb : m.facts().callbacks()) {
                if (cb.when() == When.SYNC) continue;
                for (int i = 1; i < cb.params().size(); i++) if (cb.params().get(i).arg() >= 0) out.add(m.name());
            }
        }
        return out;
    }

    /** Functions the program names other than as the callee of a direct call (their address is taken). */
    private static Set<String> functionRefs(Map<String, Function> functions) {
        Set<String> refs = new TreeSet<>();
        for (Function f : functions.values()) {
            for (Edge e : f.cfg().edges()) {
                Stmt s = e.stmt();
                if (s instanceof Stmt.Call c) {
                    if (!(c.callee() instanceof Expr.FuncRef)) weft.ir.AddressScan.functionRefs(c.callee(), refs);
                    for (Expr x : c.args()) weft.ir.AddressScan.functionRefs(x, refs);
                } else {
                    weft.ir.AddressScan.functionRefs(s, refs);
                }
            }
        }
        return refs;
    }

    /** Whether the program may end through a path the exit-handler lowering does not see. */
    private static boolean exitsUnseen(Map<String, Function> functions, LibraryModels models, Set<String> globalRefs) {
        for (String r : globalRefs) {
            Event ev = models.lookup(r).map(LibraryModel::event).orElse(null);
            if (ev instanceof Event.ProgramEnd || ev instanceof Event.ThreadExit) return true;
        }
        for (Function f : functions.values()) {
            for (Edge e : f.cfg().edges()) {
                if (e.stmt() instanceof Stmt.Call c && c.directName() != null && !functions.containsKey(c.directName())
                        && models.lookup(c.directName()).map(LibraryModel::event).orElse(null) instanceof Event.ThreadExit) {
                    return true;
                }
            }
        }
        return false;
    }

    static Map<String, Function> apply(ProgramBuilder b, Map<String, Function> functions, LibraryModels models,
                                       Map<String, Variable> libcObjects) {
        return new CallbackLowering(b, models, libcObjects).run(functions, functionRefs(functions));
    }

    /** A deferred handler called by name at the trigger points of its group. */
    private record Deferred(When when, Expr.FuncRef fn, List<LibcFacts.Param> params, SourceLoc loc) {}

    private Map<String, Function> run(Map<String, Function> functions, Set<String> allRefs) {
        boolean unseen = exitsUnseen(functions, models, allRefs);
        List<Deferred> deferred = new ArrayList<>();
        for (Function f : functions.values()) {
            for (Edge e : f.cfg().edges()) {
                if (!(e.stmt() instanceof Stmt.Call c)) continue;
                LibraryModel m = libraryModel(functions, c);
                if (m == null) continue;
                for (Callback cb : m.facts().callbacks()) {
                    if (cb.when() != When.EXIT && cb.when() != When.FORK) continue;
                    if (cb.fnArg() >= c.args().size() || cb.stored() || (cb.when() == When.EXIT && unseen)) continue;
                    if (c.args().get(cb.fnArg()) instanceof Expr.FuncRef fr && constantParams(cb)) {
                        deferred.add(new Deferred(cb.when(), fr, cb.params(), c.loc()));
                    }
                }
            }
        }
        Map<String, Function> out = new LinkedHashMap<>();
        for (Function f : functions.values()) out.put(f.linkName(), lower(functions, f, deferred, unseen));
        return out;
    }

    private static boolean constantParams(Callback cb) {
        for (LibcFacts.Param p : cb.params()) {
            if (p.kind() != LibcFacts.ParamKind.INT && p.kind() != LibcFacts.ParamKind.NULL) return false;
        }
        return true;
    }

    private LibraryModel libraryModel(Map<String, Function> functions, Stmt.Call c) {
        String n = c.directName();
        if (n == null || functions.containsKey(n)) return null;
        return models.lookup(n).orElse(null);
    }

    /** The function being rewritten: its edges, node count and new locals. */
    final class Body {
        final Function f;
        final List<Edge> edges = new ArrayList<>();
        final List<Variable> locals;
        int nodes;
        final SourceLoc loc;
        Variable more;

        Body(Function f) {
            this.f = f;
            this.nodes = f.cfg().nodeCount();
            this.locals = new ArrayList<>(f.locals());
            this.loc = f.loc();
        }

        int node() {
            return nodes++;
        }

        Variable temp(String name, CType type, Variable.Kind kind, SourceLoc at) {
            Variable v = b.newVariable(name, type, kind, f.linkName(), false, at);
            locals.add(v);
            return v;
        }

        Expr moreValue(SourceLoc at) {
            if (more == null) more = temp("__cb_more", intT, Variable.Kind.TEMP, at);
            return new Expr.Load(new Lvalue.Var(more), at);
        }
    }

    private Function lower(Map<String, Function> functions, Function f, List<Deferred> deferred, boolean unseen) {
        Body body = new Body(f);
        boolean changed = false;
        for (Edge e : f.cfg().edges()) {
            if (e.stmt() instanceof Stmt.Call c) {
                LibraryModel m = libraryModel(functions, c);
                if (m != null && (!m.facts().callbacks().isEmpty() || !m.facts().runs().isEmpty()
                        || m.event() instanceof Event.ProgramEnd pe && !pe.error())) {
                    if (call(body, e, c, m, deferred, unseen)) {
                        changed = true;
                        continue;
                    }
                }
            }
            body.edges.add(e);
        }
        int exit = f.cfg().exit();
        if (f.name().equals("main") && f.linkName().equals("main")) {
            List<Deferred> atExit = deferred.stream().filter(d -> d.when() == When.EXIT).toList();
            if (!atExit.isEmpty()) {
                beforeMainReturns(body, exit, atExit);
                changed = true;
            }
        }
        if (!changed) return f;
        return new Function(f.name(), f.linkName(), f.type(), f.params(), body.locals,
                new Cfg(body.nodes, f.cfg().entry(), exit, body.edges), f.isStatic(), f.loc());
    }

    /**
     * Runs the exit handlers on every edge into main's exit, before its {@code return}: the returned value is kept in a
     * temporary first (C evaluates it before {@code exit} runs the handlers), then the handlers' loop, then the
     * {@code return} of the temporary. Every analysis that takes main's {@code return} for the end of the process (the
     * explorer, the bounded layer) so runs the handlers, in main, while the other threads still run; placed after
     * the {@code return} (as the exit node's successor) they were never run by those, and a race of a handler with a
     * thread that was never joined was proved absent (regression {@code 27-libc-idioms/26-atexit-handler-vs-thread-main-returns.c}).
     */
    private void beforeMainReturns(Body body, int exit, List<Deferred> atExit) {
        List<Edge> in = new ArrayList<>();
        for (Edge e : body.edges) if (e.to() == exit) in.add(e);
        body.edges.removeAll(in);
        for (Edge e : in) {
            SourceLoc loc = e.stmt().loc();
            int cur = e.from();
            Stmt last = e.stmt();
            if (e.stmt() instanceof Stmt.Return r && r.value() != null) {
                Variable t = body.temp("__cb_ret", r.value().type(), Variable.Kind.TEMP, loc);
                int next = body.node();
                body.edges.add(new Edge(cur, next, new Stmt.Assign(new Lvalue.Var(t), r.value(), loc)));
                cur = next;
                last = new Stmt.Return(new Expr.Load(new Lvalue.Var(t), loc), loc);
            } else if (!(e.stmt() instanceof Stmt.Return)) {
                int next = body.node();
                body.edges.add(new Edge(cur, next, e.stmt()));
                cur = next;
                last = new Stmt.Return(null, loc);
            }
            int handled = body.node();
            deferredLoop(body, cur, handled, atExit, loc);
            body.edges.add(new Edge(handled, exit, last));
        }
    }

    /** Rewrites one library call edge; false when nothing needed doing (the edge is kept). */
    private boolean call(Body body, Edge e, Stmt.Call c, LibraryModel m, List<Deferred> deferred, boolean unseen) {
        SourceLoc loc = c.loc();
        currentGroup = m.facts().state().isEmpty() ? null : m.facts().state().get(0);
        List<Callback> sync = new ArrayList<>(), async = new ArrayList<>();
        for (Callback cb : m.facts().callbacks()) {
            if (cb.fnArg() >= c.args().size() || isConstant(c.args().get(cb.fnArg()))) continue;
            if (cb.when() == When.SYNC) sync.add(cb);
            else if (cb.when() == When.ASYNC) async.add(cb);
            else if (cb.stored() || !(c.args().get(cb.fnArg()) instanceof Expr.FuncRef) || !constantParams(cb)
                    || (cb.when() == When.EXIT && unseen)) {
                async.add(cb);
            }
        }
        List<Deferred> before = new ArrayList<>();
        for (Deferred d : deferred) {
            if (d.when() == When.EXIT && m.event() instanceof Event.ProgramEnd) before.add(d);
            if (d.when() == When.FORK && m.facts().runs().contains("fork")) before.add(d);
        }
        weft.model.Semantics sem = weft.model.Semantics.of(m.name());
        // a scandir takes its loop even without callbacks: the loop reads the directory
        if (sync.isEmpty() && async.isEmpty() && before.isEmpty() && !(sem instanceof weft.model.Semantics.ScanDirectory)) return false;
        // copy the arguments the callbacks use to temporaries, evaluated once before everything
        List<Expr> args = new ArrayList<>(c.args());
        int cur = e.from();
        Set<Integer> used = new TreeSet<>();
        for (Callback cb : sync) used(cb, used);
        for (Callback cb : async) used(cb, used);
        for (int k : used) {
            if (k >= args.size() || args.get(k) instanceof Expr.FuncRef || isConstant(args.get(k))) continue;
            Variable t = body.temp("__cb_arg" + k, args.get(k).type(), Variable.Kind.TEMP, loc);
            int next = body.node();
            body.edges.add(new Edge(cur, next, new Stmt.Assign(new Lvalue.Var(t), args.get(k), loc)));
            args.set(k, new Expr.Load(new Lvalue.Var(t), loc));
            cur = next;
        }
        if (!before.isEmpty()) {
            int next = body.node();
            deferredLoop(body, cur, next, before, loc);
            cur = next;
        }
        // the library's lock around the callbacks it calls (libc.tsv's CALLBACK@GROUP): taken before their loop
        Expr lock = libraryLock(sync);
        if (lock != null) cur = lockCall(body, cur, LibraryModels.LIBRARY_LOCK, lock, loc);
        if (sem instanceof weft.model.Semantics.ScanDirectory scan) {
            int next = body.node();
            loops.scanLoop(body, cur, next, sync, scan, args, loc);
            cur = next;
        } else if (sem instanceof weft.model.Semantics.InflateBack ib && ib.op().equals("run")) {
            int next = body.node();
            loops.inflateBackLoop(body, cur, next, sync, args, loc);
            cur = next;
        } else if (sem instanceof weft.model.Semantics.LoadedObjects lo && lo.op().equals("end") && sync.size() == 1) {
            int next = body.node();
            loops.loadedObjectsLoop(body, cur, next, sync.get(0), args, loc);
            cur = next;
        } else if (sync.size() == 1 && LibraryLoops.runsOwnLoop(sync.get(0), sem)) {
            int next = body.node();
            loops.lower(body, cur, next, sync.get(0), sem, args, loc);
            cur = next;
        } else if (!sync.isEmpty()) {
            int next = body.node();
            loop(body, cur, next, loc, false, sync.size(), (i, from, to) -> callbackCall(body, from, to, sync.get(i), args, loc));
            cur = next;
        }
        if (lock != null) cur = lockCall(body, cur, LibraryModels.LIBRARY_UNLOCK, lock, loc);
        int afterCall = async.isEmpty() ? e.to() : body.node();
        body.edges.add(new Edge(cur, afterCall, new Stmt.Call(c.result(), c.callee(), args, loc)));
        if (!async.isEmpty()) {
            Variable tid = body.temp("__cb_tid", new CType.Int("unsigned long", dm.longSize, dm.longSize, false), Variable.Kind.LOCAL, loc);
            Expr once = async.size() == 1 ? fixedCallee(body, async.get(0), args, loc) : null;
            if (once == null) {
                loop(body, afterCall, e.to(), loc, true, async.size(), (i, from, to) -> handlerThread(body, from, to, async.get(i), callee(body, async.get(i), args, loc), args, tid, loc));
            } else {
                installedHandler(body, afterCall, e.to(), async.get(0), once, args, tid, loc);
            }
        }
        return true;
    }

    /**
     * The address of the library lock the function holds around its synchronous callbacks (one group for all of them),
     * or null when it holds none.
     */
    private Expr libraryLock(List<Callback> sync) {
        for (Callback cb : sync) {
            if (cb.lock() == null) continue;
            Variable v = libcObjects.get(LibcFacts.lockObjectName(cb.lock()));
            if (v == null) throw new IllegalStateException("no object for library lock " + cb.lock());
            return new Expr.AddrOf(new Lvalue.Var(v), new CType.Pointer(v.type(), dm.pointerSize));
        }
        return null;
    }

    /** {@code from: fn(lock); ->} the node returned. */
    private int lockCall(Body body, int from, String fn, Expr lock, SourceLoc loc) {
        int next = body.node();
        body.edges.add(new Edge(from, next, new Stmt.Call(null, new Expr.FuncRef(fn, new CType.Function(intT, List.of(voidPtr), false)),
                List.of(new Expr.Cast(voidPtr, lock)), loc)));
        return next;
    }

    /**
     * {@code from: if (act) { h = handler; if (h != SIG_DFL && h != SIG_IGN) while (more()) pthread_create(.., h, ..); } -> to}:
     * the handler the registration installs, read once after the call (the library copies it); a null action
     * ({@code sigaction(sig, NULL, &old)} only asks) and a value no function can have (0, 1) install none.
     */
    private void installedHandler(Body body, int from, int to, Callback cb, Expr handler, List<Expr> args, Variable tid, SourceLoc loc) {
        if (cb.stored()) {
            int asked = body.node();
            branch(body, from, to, asked, differs(args.get(cb.fnArg()), 0), loc);
            from = asked;
        }
        Variable h = body.temp("__cb_handler", handler.type(), Variable.Kind.TEMP, loc);
        int read = body.node(), head = body.node();
        body.edges.add(new Edge(from, read, new Stmt.Assign(new Lvalue.Var(h), handler, loc)));
        Expr hv = new Expr.Load(new Lvalue.Var(h), loc);
        branch(body, read, to, head, new Expr.Binary(Expr.BinOp.AND, differs(hv, 0), differs(hv, 1), intT), loc);
        loop(body, head, to, loc, true, 1, (i, f, t) -> handlerThread(body, f, t, cb, hv, args, tid, loc));
    }

    /** {@code from -> yes} when {@code cond} holds, else {@code from -> no}. */
    private static void branch(Body body, int from, int no, int yes, Expr cond, SourceLoc loc) {
        body.edges.add(new Edge(from, yes, new Stmt.Assume(cond, true, loc)));
        body.edges.add(new Edge(from, no, new Stmt.Assume(cond, false, loc)));
    }

    /** {@code p != (T) k}, with {@code T} the type of {@code p}. */
    private Expr differs(Expr p, long k) {
        return new Expr.Binary(Expr.BinOp.NE, p, new Expr.Cast(p.type(), new Expr.IntConst(k, intT)), intT);
    }

    private static void used(Callback cb, Set<Integer> out) {
        out.add(cb.fnArg());
        for (LibcFacts.Param p : cb.params()) if (p.arg() >= 0) out.add(p.arg());
    }

    private static boolean isConstant(Expr e) {
        while (e instanceof Expr.Cast c) e = c.operand();
        return e instanceof Expr.IntConst;
    }

    private interface Alternative {
        void emit(int i, int from, int to);
    }

    /**
     * {@code from: while (more(mayNotRun)) { one of the alternatives } -> to}. {@code mayNotRun} (the argument, 1 or 0):
     * whether a run in which no alternative runs is a real one (a signal that never arrives; an exit or fork handler,
     * which runs only once the program ends or forks) — the witness search takes {@code more} to be 0 there
     * ({@code weft.exec.LibraryFunctions}); for a library that calls back synchronously (qsort) it is not.
     */
    private void loop(Body body, int from, int to, SourceLoc loc, boolean mayNotRun, int count, Alternative alt) {
        int chosen = body.node();
        Expr more = body.moreValue(loc);
        body.edges.add(new Edge(from, chosen, new Stmt.Call(((Expr.Load) more).lvalue(),
                new Expr.FuncRef(MORE, new CType.Function(intT, List.of(intT), false)), List.of(new Expr.IntConst(mayNotRun ? 1 : 0, intT)), loc)));
        body.edges.add(new Edge(chosen, to, new Stmt.Assume(more, false, loc)));
        int go = body.node();
        body.edges.add(new Edge(chosen, go, new Stmt.Assume(more, true, loc)));
        for (int i = 0; i < count; i++) {
            int start = body.node();
            body.edges.add(new Edge(go, start, new Stmt.Skip(loc)));
            alt.emit(i, start, from);
        }
    }

    private void deferredLoop(Body body, int from, int to, List<Deferred> handlers, SourceLoc loc) {
        loop(body, from, to, loc, true, handlers.size(), (i, start, back) -> {
            Deferred d = handlers.get(i);
            List<Expr> params = new ArrayList<>();
            for (LibcFacts.Param p : d.params()) params.add(p.kind() == LibcFacts.ParamKind.INT ? new Expr.IntConst(0, intT) : nullPtr());
            body.edges.add(new Edge(start, back, new Stmt.Call(null, d.fn(), params, loc)));
        });
    }

    Expr nullPtr() {
        return new Expr.Cast(voidPtr, new Expr.IntConst(0, intT));
    }

    /** The callback expression: the argument, or the function pointer stored in the object it points to. */
    Expr callee(Body body, Callback cb, List<Expr> args, SourceLoc loc) {
        Expr fn = args.get(cb.fnArg());
        if (!cb.stored()) return fn;
        Expr at = new Expr.Cast(new CType.Pointer(fnPtr, dm.pointerSize), into(body, fn, loc));
        return new Expr.Load(new Lvalue.Deref(at, fnPtr), loc);
    }

    /**
     * The callback as an expression that can be read once, right after the call: the argument, or the function pointer
     * stored in the member the table names ({@code sigaction}'s {@code __sigaction_handler}) of the struct the argument
     * points to; null when it is stored anywhere in an object ({@link #callee} reads it at an offset chosen each time).
     */
    private Expr fixedCallee(Body body, Callback cb, List<Expr> args, SourceLoc loc) {
        Expr fn = args.get(cb.fnArg());
        if (!cb.stored()) return fn.type().isPointer() ? fn : null;
        CType pointee = cb.member() == null ? null : fn.type().pointee();
        if (pointee == null || !(pointee.unqualified() instanceof weft.ir.StructType t)) return null;
        weft.ir.StructType.Field f = t.field(cb.member());
        if (f == null || f.isBitField()) return null;
        Expr at = new Expr.Cast(new CType.Pointer(fnPtr, dm.pointerSize), member(body, fn, cb.member(), loc));
        return new Expr.Load(new Lvalue.Deref(at, fnPtr), loc);
    }

    /** {@code (char *) p + more}: anywhere into the object {@code p} points to. */
    private Expr into(Body body, Expr p, SourceLoc loc) {
        return new Expr.Binary(Expr.BinOp.ADD, new Expr.Cast(charPtr, p), body.moreValue(loc), charPtr);
    }

    /** {@code &p->field} when {@code p}'s type is a pointer to a struct with that member, else {@link #into}. */
    Expr member(Body body, Expr p, String field, SourceLoc loc) {
        CType pointee = p.type().pointee();
        if (pointee != null && pointee.unqualified() instanceof weft.ir.StructType t) {
            weft.ir.StructType.Field f = t.field(field);
            if (f != null && !f.isBitField()) {
                Lvalue m = new Lvalue.Field(new Lvalue.Deref(p, pointee), t, f);
                return new Expr.AddrOf(m, new CType.Pointer(f.type(), dm.pointerSize));
            }
        }
        return into(body, p, loc);
    }

    private Expr loaded(Body body, Expr p, SourceLoc loc) {
        Expr at = new Expr.Cast(new CType.Pointer(voidPtr, dm.pointerSize), into(body, p, loc));
        return new Expr.Load(new Lvalue.Deref(at, voidPtr), loc);
    }

    /** Emits, from {@code from} to {@code to}, the evaluation of the parameters and the call of {@code cb}. */
    private void callbackCall(Body body, int from, int to, Callback cb, List<Expr> args, SourceLoc loc) {
        List<Expr> params = new ArrayList<>();
        int cur = from;
        for (LibcFacts.Param p : cb.params()) {
            if (p.kind() == LibcFacts.ParamKind.FRESH || p.kind() == LibcFacts.ParamKind.ENTRY_PATH || p.kind() == LibcFacts.ParamKind.ENTRY_STAT) {
                Variable t = body.temp("__cb_buf", voidPtr, Variable.Kind.TEMP, loc);
                int next = body.node();
                CType sizeT = new CType.Int("unsigned long", dm.longSize, dm.longSize, false);
                body.edges.add(new Edge(cur, next, new Stmt.Call(new Lvalue.Var(t),
                        new Expr.FuncRef("malloc", new CType.Function(voidPtr, List.of(sizeT), false)),
                        List.of(new Expr.IntConst(FRESH_BYTES, sizeT)), loc)));
                cur = next;
                params.add(new Expr.Load(new Lvalue.Var(t), loc));
            } else {
                params.add(param(body, p, args, loc));
            }
        }
        body.edges.add(new Edge(cur, to, new Stmt.Call(null, callee(body, cb, args, loc), params, loc)));
    }

    /** Library memory handed to a callback ({@code struct stat}, a path): bigger than any such object. */
    static final long FRESH_BYTES = 8192;

    Expr param(Body body, LibcFacts.Param p, List<Expr> args, SourceLoc loc) {
        return switch (p.kind()) {
            case INT -> new Expr.IntConst(0, intT);
            case NULL, FRESH, ENTRY_PATH, ENTRY_STAT -> nullPtr();
            case ARG -> p.arg() < args.size() ? args.get(p.arg()) : nullPtr();
            case INTO_ARG -> p.arg() < args.size() ? into(body, args.get(p.arg()), loc) : nullPtr();
            case MEMBER_ARG -> p.arg() < args.size() ? member(body, args.get(p.arg()), p.field(), loc) : nullPtr();
            case LOADED_ARG -> p.arg() < args.size() ? loaded(body, args.get(p.arg()), loc) : nullPtr();
            case STATIC, LOADED_STATIC -> {
                Variable v = stateObject(body, args);
                if (v == null) yield nullPtr();
                Expr addr = new Expr.AddrOf(new Lvalue.Var(v), charPtr);
                yield p.kind() == LibcFacts.ParamKind.STATIC ? into(body, addr, loc) : loaded(body, addr, loc);
            }
        };
    }

    private String currentGroup;

    private Variable stateObject(Body body, List<Expr> args) {
        return currentGroup == null ? null : libcObjects.get(LibcFacts.stateObjectName(currentGroup));
    }

    /** {@code pthread_create(&tid, 0, handler, 0)} from {@code from} to {@code to}. */
    private void handlerThread(Body body, int from, int to, Callback cb, Expr routine, List<Expr> args, Variable tid, SourceLoc loc) {
        Expr tidAddr = new Expr.AddrOf(new Lvalue.Var(tid), new CType.Pointer(tid.type(), dm.pointerSize));
        Expr arg = cb.params().isEmpty() || cb.params().get(0).kind() == LibcFacts.ParamKind.FRESH
                ? nullPtr() : param(body, cb.params().get(0), args, loc);
        if (!arg.type().isPointer()) arg = new Expr.Cast(voidPtr, arg);
        body.edges.add(new Edge(from, to, new Stmt.Call(null,
                new Expr.FuncRef("pthread_create", new CType.Function(intT, List.of(), true)),
                List.of(tidAddr, nullPtr(), routine, arg), loc)));
    }
}
