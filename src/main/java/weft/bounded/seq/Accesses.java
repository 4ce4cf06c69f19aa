package weft.bounded.seq;

import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.Lvalue;
import weft.ir.Stmt;

import java.util.ArrayList;
import java.util.List;

/**
 * The memory accesses a statement makes itself (not those of a called function): the write of an assignment's left
 * side or a call's result, and every read of an expression it evaluates, including the reads inside lvalues (index
 * expressions, dereferenced pointers). An array-typed load is a decay, not a read; an address-of reads only what
 * computes the address.
 */
final class Accesses {
    /** One access: {@code lvalue} read or written. */
    record Access(Lvalue lvalue, boolean write) {}

    private Accesses() {
    }

    /** The accesses of {@code s}, the result write of a call excluded (it happens when the call returns). */
    static List<Access> of(Stmt s) {
        List<Access> out = new ArrayList<>();
        if (s instanceof Stmt.Assign a) {
            inside(a.lhs(), out);
            expr(a.rhs(), out);
            out.add(new Access(a.lhs(), true));
        } else if (s instanceof Stmt.Call c) {
            expr(c.callee(), out);
            for (Expr x : c.args()) expr(x, out);
            if (c.result() != null) inside(c.result(), out);
        } else if (s instanceof Stmt.Assume a) {
            expr(a.cond(), out);
        } else if (s instanceof Stmt.Return r && r.value() != null) {
            expr(r.value(), out);
        }
        return out;
    }

    static void expr(Expr e, List<Access> out) {
        weft.ir.Loads.of(e, true, read(out));
    }

    /** The reads that locate {@code lv} (not the access of {@code lv} itself). */
    static void inside(Lvalue lv, List<Access> out) {
        weft.ir.Loads.locating(lv, true, read(out));
    }

    /** A read of each loaded place but an array's (its load is a decay). */
    private static java.util.function.Consumer<Lvalue> read(List<Access> out) {
        return lv -> {
            if (!(lv.type().unqualified() instanceof CType.Array)) out.add(new Access(lv, false));
        };
    }
}
