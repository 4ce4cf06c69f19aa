package weft.trace;

import weft.ir.SourceLoc;

/**
 * One executed statement of a witness schedule.
 *
 * @param thread the executing thread (0 is {@code main}, then in creation order)
 * @param threadName e.g. {@code "main"} or {@code "worker#1"} (start routine and thread number)
 * @param statement the IR statement, printed
 * @param internal a step of the front end's lowering that a person following the interleaving need not see
 *        ({@link #internal(weft.ir.Stmt)}); reports may fold it, witnesses and reproducers keep every step
 * @param text the statement as C source writes it ({@link weft.ir.CText}: {@code p->n = p->n + 1}), for reports;
 *        witnesses and reproducers read {@code statement}
 */
public record Step(int thread, String threadName, SourceLoc loc, String statement, boolean internal, String text) {
    public Step(int thread, String threadName, SourceLoc loc, String statement, boolean internal) {
        this(thread, threadName, loc, statement, internal, statement);
    }

    public Step(int thread, String threadName, SourceLoc loc, String statement) {
        this(thread, threadName, loc, statement, false);
    }

    /**
     * Whether executing {@code s} changes nothing but the thread's own bookkeeping: a declaration, a no-op, or a copy
     * into a compiler temporary of a constant, a variable's address or an automatic variable's value (no call, no read
     * through a pointer).
     */
    public static boolean internal(weft.ir.Stmt s) {
        if (s instanceof weft.ir.Stmt.Decl || s instanceof weft.ir.Stmt.Skip) return true;
        return s instanceof weft.ir.Stmt.Assign a && a.lhs() instanceof weft.ir.Lvalue.Var lv
                && lv.variable().kind() == weft.ir.Variable.Kind.TEMP && automaticOrConstant(a.rhs());
    }

    private static boolean automaticOrConstant(weft.ir.Expr e) {
        if (e instanceof weft.ir.Expr.Cast c) return automaticOrConstant(c.operand());
        if (e instanceof weft.ir.Expr.Load l && l.lvalue() instanceof weft.ir.Lvalue.Var v) {
            weft.ir.Variable.Kind k = v.variable().kind();
            return k == weft.ir.Variable.Kind.LOCAL || k == weft.ir.Variable.Kind.PARAM || k == weft.ir.Variable.Kind.TEMP;
        }
        if (e instanceof weft.ir.Expr.AddrOf a) return a.lvalue() instanceof weft.ir.Lvalue.Var;
        return e instanceof weft.ir.Expr.IntConst;
    }

    @Override
    public String toString() {
        return threadName + " @" + loc.shortString() + ": " + statement;
    }
}
