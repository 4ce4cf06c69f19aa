package weft.bounded.seq;

import weft.ir.Function;
import weft.ir.Lvalue;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.ArrayList;
import java.util.List;

/**
 * Race instrumentation of paper 000 (CSeq-DR), byte-precise: before a statement, each instrumented access first
 * <em>checks</em> whether another thread has <em>armed</em> an access it overlaps ({@code [addr, addr+len)} byte
 * ranges intersect, at least one a write): then the race flag is set and {@code reach_error()} called. Then the thread
 * may nondeterministically arm one of its accesses (recording address, length, kind and thread) and is suspended for
 * good, just before making it.
 *
 * <p>Why the flag means a race: the armed thread is stopped right before its access, so when another thread reaches a
 * conflicting access both accesses are enabled in the same state of an execution of the program, which is a data race;
 * synchronisation keeps working (a suspended thread keeps its locks and is never joined). Conversely, for an execution
 * within the bounds that reaches a state where two threads are about to make conflicting accesses, the run that arms the
 * first one's access at that point and schedules the second reaches the check. Accesses no other thread can make
 * (locals whose address no statement takes, thread-local objects, {@code _Atomic} objects) are not instrumented, and
 * no access is armed inside an atomic section (the section would then never end).
 */
final class Instrumentation {
    /** One instrumented access: its first byte as an integer, its byte count and kind, as printed C. */
    record Site(String addr, String len, boolean write) {}

    private final ThreadEmitter te;

    Instrumentation(ThreadEmitter te) {
        this.te = te;
    }

    /** The instrumented accesses of {@code s} in {@code f}. */
    List<Site> sites(Function f, Stmt s, CExprs ex) {
        List<Site> out = new ArrayList<>();
        for (Accesses.Access a : Accesses.of(s)) {
            if (shared(a.lvalue()) && te.st.filter.instrument(f, s, a.lvalue())) {
                out.add(new Site(ex.address(a.lvalue()), CExprs.length(a.lvalue()) + "UL", a.write()));
            }
        }
        return out;
    }

    /** The write of a call's result {@code lv}, instrumented where the callee returns, or null. */
    Site write(Function f, Stmt s, Lvalue lv, CExprs ex) {
        if (!shared(lv) || !te.st.filter.instrument(f, s, lv)) return null;
        return new Site(ex.address(lv), CExprs.length(lv) + "UL", true);
    }

    /** Emits the checks, then the arming, of {@code sites} at point {@code k} (passed on: it names the access). */
    void emit(List<Site> sites, int k) {
        int t = te.slot;
        for (Site s : sites) {
            te.out.append("  w_check(").append(s.addr()).append(", ").append(s.len()).append(", ")
                    .append(s.write() ? 1 : 0).append(", ").append(t).append(", ").append(k).append(");\n");
        }
        for (Site s : sites) {
            te.out.append("  if (!w_armed && !w_atomic && __VERIFIER_nondet_bool()) { w_arm(").append(s.addr())
                    .append(", ").append(s.len()).append(", ").append(s.write() ? 1 : 0).append(", ").append(t)
                    .append(", ").append(k).append("); return; }\n");
        }
    }

    /** Whether another thread may access {@code lv}'s object. */
    boolean shared(Lvalue lv) {
        if (lv.type().isAtomic()) return false;
        Lvalue root = lv;
        while (true) {
            if (root instanceof Lvalue.Field f) root = f.base();
            else if (root instanceof Lvalue.Index i) root = i.base();
            else break;
        }
        if (root instanceof Lvalue.Var v) {
            Variable x = v.variable();
            if (x.threadLocal()) return false;
            boolean local = x.kind() == Variable.Kind.LOCAL || x.kind() == Variable.Kind.PARAM
                    || x.kind() == Variable.Kind.TEMP;
            return !local || te.st.addressTaken.contains(x);
        }
        return true;
    }
}
