package weft.pointer;

import weft.ir.CType;
import weft.ir.Expr;
import weft.model.Event;
import weft.pointer.Calls.CallSite;
import weft.pointer.ConstraintBuilder.Term;

import java.util.ArrayList;
import java.util.List;

/**
 * Points-to effects of calls to library functions (by their {@link Event} model) and to external code.
 *
 * <p><b>External world.</b> Code the analysis cannot see is modelled by the cell of {@link
 * MemObject.Unknown}, written U here: it holds {@code Loc(Unknown, ANY)} and every location that escaped to
 * external code. Arguments of external calls flow into U; U is closed under dereference (external code may
 * follow any pointer it got) and under stores (it may store any pointer it has into any memory it
 * reaches); results of external calls and reads through unknown pointers yield U. Functions whose address
 * reaches U are treated as callbacks, called with U for every parameter, and make the result
 * incomplete: external code might run them at any time, on any thread.
 */
final class CallEffects {
    private final ConstraintBuilder b;
    private final Calls calls;
    private final Solver s;
    /** Return values of thread start routines and values passed to pthread_exit: what joins may receive. */
    private final int threadReturns;
    /** Values stored with thread-specific-data functions. */
    private final int threadSpecific;
    private final List<CallSite> routineSites = new ArrayList<>();
    private final IntList routineNodes = new IntList();

    CallEffects(ConstraintBuilder b, Calls calls) {
        this.b = b;
        this.calls = calls;
        this.s = b.s;
        this.threadReturns = s.newNode();
        this.threadSpecific = s.newNode();
    }

    void installExternalWorld() {
        int u = s.unknownCell;
        s.addConstraint(u, (sv, l) -> sv.addEdge(sv.readNode(sv.shift(l, Solver.SHIFT_ANY)), u, 0));
        s.addConstraint(u, (sv, l) -> sv.addEdge(u, sv.writeNode(sv.shift(l, Solver.SHIFT_ANY)), 0));
        calls.callFunctionsOf(u, null, u, u, true, "callback passed to external code");
        s.addConstraint(u, (sv, l) -> {
            if (sv.obj(sv.locObj[l]).object instanceof MemObject.Fn fn) {
                sv.markIncomplete("function " + fn.linkName() + " escapes to external code");
            }
        });
        calls.callFunctionsOf(threadSpecific, null, threadSpecific, -1, false, "thread-specific destructor");
        // the thread walk runs them at the end of every thread (weft.thread.ThreadGraph#destructors)
        s.addConstraint(threadSpecific, (sv, l) -> {
            if (sv.obj(sv.locObj[l]).object instanceof MemObject.Fn fn) sv.destructors.add(fn.linkName());
        });
    }

    /** A call of external code: its arguments escape, its result is unknown memory. */
    void external(CallSite site, String name) {
        for (int k = 0; k < site.args.length; k++) escape(site, k);
        List<Expr> as = site.call.args();
        if (name.startsWith("__builtin_va_") && !as.isEmpty()) {
            // va_start / va_copy set their va_list argument (a macro in C): point it at unknown memory,
            // where variadic arguments of user functions go
            Expr list = as.get(0);
            if (list instanceof Expr.Load ld) b.store(b.term(ld.lvalue()), b.constNode(s.unknownLoc));
            if (list instanceof Expr.AddrOf ad) b.store(b.anywhereIn(ad.lvalue()), b.constNode(s.unknownLoc));
        }
        if (site.result.isEmpty()) return;
        CType rt = site.call.result().type();
        if (ConstraintBuilder.isAggregate(rt)) b.blockCopy(site.result, Term.at(s.unknownObj, ConstraintBuilder.UNKNOWN), -1);
        else if (rt.isPointer()) b.store(site.result, s.unknownCell);
    }

    /** Argument {@code k} of the call escapes to external code. */
    void escape(CallSite site, int k) {
        if (site.args[k] >= 0) s.addEdge(site.args[k], s.unknownCell, 0);
        if (site.aggregates[k] != null) b.blockCopy(Term.at(s.unknownObj, ConstraintBuilder.UNKNOWN), site.aggregates[k], -1);
    }

    void library(CallSite site, Event ev) {
        if (ev instanceof Event.ThreadCreate tc) {
            routine(site, site.arg(tc.routineArg()), site.arg(tc.argArg()), threadReturns);
        } else if (ev instanceof Event.Once o) {
            routine(site, site.arg(o.routineArg()), -1, -1);
        } else if (ev instanceof Event.ThreadJoin j) {
            b.store(Term.through(site.arg(j.resultArg()), 0), threadReturns);
        } else if (ev instanceof Event.ThreadExit) {
            if (site.arg(0) >= 0) s.addEdge(site.arg(0), threadReturns, 0);
        } else if (ev instanceof Event.Alloc a) {
            alloc(site, a);
        } else if (ev instanceof Event.MemAccess m) {
            memAccess(site, m);
        } else if (ev instanceof Event.Atomic a) {
            atomic(site, a);
        } else if (ev instanceof Event.ThreadSpecific) {
            for (int k = 0; k < site.args.length; k++) s.addEdge(site.args[k], threadSpecific, 0);
            if (resultIsPointer(site)) b.store(site.result, threadSpecific);
        } else if (ev instanceof Event.Nondet || ev instanceof Event.Pure) {
            if (resultIsPointer(site)) b.store(site.result, b.constNode(s.unknownLoc));
        }
        // locks, conditions, barriers, assumptions, program end: no pointer effects
    }

    private static boolean resultIsPointer(CallSite site) {
        return !site.result.isEmpty() && site.call.result().type().isPointer();
    }

    /** Start routines (thread creation, once): called with {@code arg}, returning into {@code result}. */
    private void routine(CallSite site, int routineNode, int arg, int result) {
        routineSites.add(site);
        routineNodes.add(routineNode);
        if (routineNode >= 0) calls.callFunctionsOf(routineNode, site, arg, result, false, "thread routine");
    }

    /** Marks the analysis incomplete for start routines that resolved to no function. */
    void checkRoutines() {
        for (int i = 0; i < routineSites.size(); i++) {
            int n = routineNodes.get(i);
            boolean any = false;
            if (n >= 0) {
                for (int l : s.ptsArray(n)) any |= s.obj(s.locObj[l]).object instanceof MemObject.Fn;
            }
            if (!any) s.markIncomplete(routineSites.get(i).caller.linkName(), "start routine with no known target in " + routineSites.get(i).where());
        }
    }

    private void alloc(CallSite site, Event.Alloc a) {
        int heap = b.heapObj(site.version, site.edge);
        int node = s.seededNode(s.loc(heap, 0));
        if (a.kind() == Event.AllocKind.REALLOC && site.arg(a.oldArg()) >= 0) {
            b.blockCopy(Term.through(node, 0), Term.through(site.arg(a.oldArg()), 0), -1);
        }
        b.store(site.result, node);
    }

    /** Copying functions (one pointer written, another read) copy the cells of the source to the destination. */
    private void memAccess(CallSite site, Event.MemAccess m) {
        boolean writes = false;
        for (Event.MemArg w : m.args()) {
            if (!w.write()) continue;
            writes = true;
            for (Event.MemArg r : m.args()) {
                if (r.write() || site.arg(w.ptrArg()) < 0 || site.arg(r.ptrArg()) < 0) continue;
                long size = -1;
                if (w.sizeArg() >= 0 && w.sizeArg() < site.call.args().size()) {
                    Long c = Consts.fold(site.call.args().get(w.sizeArg()));
                    if (c != null && c >= 0) size = c;
                }
                b.blockCopy(Term.through(site.arg(w.ptrArg()), 0), Term.through(site.arg(r.ptrArg()), 0), size);
            }
        }
        if (!resultIsPointer(site)) return;
        // copying functions return their destination; reading ones (strchr, strdup...) a pointer into an
        // argument or fresh memory
        int t = b.temp();
        for (Event.MemArg a : m.args()) {
            if (a.write() == writes) s.addEdge(site.arg(a.ptrArg()), t, writes ? 0 : Solver.SHIFT_ANY);
        }
        if (!writes) s.addLoc(t, s.loc(b.heapObj(site.version, site.edge), 0));
        b.store(site.result, t);
    }

    private void atomic(CallSite site, Event.Atomic a) {
        int ptr = site.arg(a.ptrArg());
        if (ptr < 0) return;
        Term cell = Term.through(ptr, 0);
        Event.AtomicOp op = a.op();
        int value = value(site, a.valueArg(), a.ptrArg());
        boolean reads = op == Event.AtomicOp.LOAD || op == Event.AtomicOp.EXCHANGE || op == Event.AtomicOp.RMW
                || op == Event.AtomicOp.CAS;
        if (reads) {
            int old = b.read(cell);
            if (!site.result.isEmpty()) b.store(site.result, old);
            // generic GCC forms return the old value through a pointer argument
            int ret = op == Event.AtomicOp.LOAD ? 1 : op == Event.AtomicOp.EXCHANGE ? 2 : -1;
            if (ret >= 0 && byReference(site, ret, a.ptrArg())) b.store(Term.through(site.arg(ret), 0), old);
            if (op == Event.AtomicOp.CAS && a.expectedIsPointer()) b.store(Term.through(site.arg(a.expectedArg()), 0), old);
            if (op == Event.AtomicOp.RMW) {
                // arithmetic on an atomic pointer moves it by an unknown amount
                b.store(cell, b.union(b.shiftedNode(old, Solver.SHIFT_ANY), b.shiftedNode(value, Solver.SHIFT_ANY)));
                return;
            }
        }
        if (op == Event.AtomicOp.STORE || op == Event.AtomicOp.EXCHANGE || op == Event.AtomicOp.CAS) b.store(cell, value);
    }

    /** The stored value of an atomic call; generic GCC forms pass it by reference (same type as the pointer). */
    private int value(CallSite site, int valueArg, int ptrArg) {
        if (byReference(site, valueArg, ptrArg)) return b.read(Term.through(site.arg(valueArg), 0));
        return site.arg(valueArg);
    }

    private static boolean byReference(CallSite site, int arg, int ptrArg) {
        List<Expr> as = site.call.args();
        if (arg < 0 || arg >= as.size() || ptrArg < 0 || ptrArg >= as.size()) return false;
        CType v = as.get(arg).type().unqualified();
        CType p = as.get(ptrArg).type().unqualified();
        return v instanceof CType.Pointer vp && p instanceof CType.Pointer pp
                && !(pp.target().unqualified() instanceof CType.Void)
                && vp.target().unqualified().equals(pp.target().unqualified());
    }
}
