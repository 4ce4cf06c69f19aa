package weft.ir;

import java.util.Set;
import java.util.TreeSet;

/**
 * The integer constants a program compares values with for equality ({@code c == 'y'}, {@code switch} cases lowered to
 * such tests): the bytes a program looks for in what it reads. One walk of the program's conditions, for the witness
 * search's choice of the standard input's bytes (issue 35: a program asking "Continue [y] [n]" reads a 'y').
 */
public final class Comparisons {
    private Comparisons() {
    }

    /** The constants within {@code [lo, hi]} that {@code program}'s conditions compare with by {@code ==} or {@code !=}, in order. */
    public static Set<Long> equalityConstants(Program program, long lo, long hi) {
        Set<Long> out = new TreeSet<>();
        for (Function f : program.functions().values()) out.addAll(equalityConstants(f, lo, hi));
        return out;
    }

    /** The constants within {@code [lo, hi]} that {@code f}'s conditions compare with by {@code ==} or {@code !=}, in order. */
    public static Set<Long> equalityConstants(Function f, long lo, long hi) {
        Set<Long> out = new TreeSet<>();
        for (Edge e : f.cfg().edges()) {
            if (e.stmt() instanceof Stmt.Assume a) collect(a.cond(), lo, hi, out);
        }
        return out;
    }

    private static void collect(Expr e, long lo, long hi, Set<Long> out) {
        if (e instanceof Expr.Binary b) {
            if (b.op() == Expr.BinOp.EQ || b.op() == Expr.BinOp.NE) {
                for (Expr side : new Expr[] {b.left(), b.right()}) {
                    Expr x = side;
                    while (x instanceof Expr.Cast c) x = c.operand();
                    if (x instanceof Expr.IntConst k && k.value() >= lo && k.value() <= hi) out.add(k.value());
                }
            }
            collect(b.left(), lo, hi, out);
            collect(b.right(), lo, hi, out);
        } else if (e instanceof Expr.Unary u) {
            collect(u.operand(), lo, hi, out);
        } else if (e instanceof Expr.Cast c) {
            collect(c.operand(), lo, hi, out);
        }
    }
}
