package weft.frontend;

import org.eclipse.cdt.core.dom.ast.IASTEqualsInitializer;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializer;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTInitializerList;
import org.eclipse.cdt.core.dom.ast.IASTLiteralExpression;
import org.eclipse.cdt.core.dom.ast.c.ICASTArrayDesignator;
import org.eclipse.cdt.core.dom.ast.c.ICASTDesignatedInitializer;
import org.eclipse.cdt.core.dom.ast.c.ICASTDesignator;
import org.eclipse.cdt.core.dom.ast.c.ICASTFieldDesignator;
import org.eclipse.cdt.core.dom.ast.gnu.c.IGCCASTArrayRangeDesignator;
import weft.ir.CType;
import weft.ir.Expr;
import weft.ir.GlobalInit;
import weft.ir.Lvalue;
import weft.ir.SourceLoc;
import weft.ir.Stmt;
import weft.ir.StructType;
import weft.ir.Variable;

import java.util.ArrayList;
import java.util.List;

/**
 * Initialisers, flattened to (lvalue, byte offset, scalar value) items following C's rules: brace
 * elision, designators ({@code .f}, {@code [i]}, GNU {@code [a ... b]}), string literals for char arrays.
 * In a function each item becomes an assignment; for static storage the items form a {@link GlobalInit}.
 */
final class InitLowerer {
    private final UnitContext ctx;
    private final Body body;
    private final ExprLowerer exprs;
    private final List<GlobalInit.Item> items = new ArrayList<>();
    /** In a dry run that measures an array of unknown length: nothing is lowered or reported. */
    private final boolean measuring;
    /** Ranges of a static object's initial bytes the items do not give ({@link #staticString}). */
    private final List<GlobalInit.Unknown> unknown = new ArrayList<>();
    /** The object initialised has automatic storage: its initialisation is statements of the program. */
    private boolean automatic;
    /** The array whose highest initialised index is tracked when measuring. */
    private Lvalue measured;
    private long maxIndex = -1;

    InitLowerer(UnitContext ctx, Body body, ExprLowerer exprs) {
        this(ctx, body, exprs, false);
    }

    private InitLowerer(UnitContext ctx, Body body, ExprLowerer exprs, boolean measuring) {
        this.ctx = ctx;
        this.body = body;
        this.exprs = exprs;
        this.measuring = measuring;
    }

    /**
     * Whether {@code init} is a brace list for an aggregate of type {@code t}: then the object's bytes that the list
     * does not name start zero (C11 6.7.9p21; {@link weft.ir.Stmt.Decl#zeroed}).
     */
    static boolean bracedAggregate(IASTInitializer init, CType t) {
        boolean braces = init instanceof IASTInitializerList
                || init instanceof IASTEqualsInitializer eq0 && eq0.getInitializerClause() instanceof IASTInitializerList;
        CType rt = t.unqualified();
        return braces && (rt instanceof StructType || rt instanceof CType.Array);
    }

    /** Initialises {@code root} (a variable) from {@code init}. */
    void initialize(Lvalue.Var root, IASTInitializer init, SourceLoc loc) {
        boolean braces = init instanceof IASTInitializerList
                || init instanceof IASTEqualsInitializer eq0 && eq0.getInitializerClause() instanceof IASTInitializerList;
        CType rt = root.type().unqualified();
        automatic = !measuring && !body.isStaticContext() && !root.variable().isStatic();
        if (braces && !measuring && !body.isStaticContext() && !root.variable().isStatic()
                && (rt instanceof StructType || rt instanceof CType.Array)) {
            // C11 6.7.9p21: the members a brace list does not name are initialised as static storage is (zero);
            // an automatic object is otherwise indeterminate, so the zeros must be statements of the program
            List<Lvalue> leaves = new ArrayList<>();
            if (leaves(root, rt, leaves, 0)) {
                for (Lvalue leaf : leaves) body.emit(new Stmt.Assign(leaf, zero(leaf.type()), loc));
            }
        }
        if (init instanceof IASTEqualsInitializer eq) {
            member(new Cursor(List.of(eq.getInitializerClause())), root.type(), root, 0);
        } else if (init instanceof IASTInitializerList list) {
            braced(list, root.type(), root, 0);
        }
        if (body.isStaticContext() || root.variable().isStatic()) {
            ctx.program.addInit(new GlobalInit(root.variable(), items, unknown));
        }
    }

    /** Most scalar members zeroed before a brace list's items; a larger object keeps only the named ones. */
    private static final int MAX_ZEROED = 256;

    /** Adds the scalar members of {@code lv} (of type {@code t}); false if more than {@link #MAX_ZEROED} or unknown. */
    private boolean leaves(Lvalue lv, CType t, List<Lvalue> out, int depth) {
        CType u = t.unqualified();
        if (u instanceof StructType st) {
            if (depth > 16) return false;
            for (StructType.Field f : st.fields()) {
                if (f.name() == null || f.name().isEmpty()) continue;
                if (!leaves(new Lvalue.Field(lv, st, f), f.type(), out, depth + 1)) return false;
            }
            return true;
        }
        if (u instanceof CType.Array a) {
            if (a.length() < 0 || depth > 16 || a.length() > MAX_ZEROED) return false;
            for (long i = 0; i < a.length(); i++) if (!leaves(index(lv, i, a.element()), a.element(), out, depth + 1)) return false;
            return true;
        }
        if (!(u instanceof CType.Int || u instanceof CType.Float || u instanceof CType.Pointer)) return false;
        out.add(lv);
        return out.size() <= MAX_ZEROED;
    }

    private Expr zero(CType t) {
        CType u = t.unqualified();
        if (u instanceof CType.Float) return new Expr.FloatConst(0.0, t);
        if (u instanceof CType.Int) return new Expr.IntConst(0, t);
        return new Expr.Cast(t, new Expr.IntConst(0, ctx.types.intType()));
    }

    private static final class Cursor {
        final List<IASTInitializerClause> clauses;
        int pos;

        Cursor(List<IASTInitializerClause> clauses) {
            this.clauses = clauses;
        }

        boolean has() { return pos < clauses.size(); }
        IASTInitializerClause peek() { return clauses.get(pos); }
    }

    private void braced(IASTInitializerList list, CType type, Lvalue lv, long off) {
        Cursor c = new Cursor(List.of(list.getClauses()));
        CType t = type.unqualified();
        if (t instanceof CType.Array && c.clauses.size() == 1 && c.peek() instanceof IASTExpression e && initializesWhole(e, t)) {
            member(c, type, lv, off); // char s[4] = { "abc" }
        } else if (t instanceof StructType || t instanceof CType.Array) aggregate(c, t, lv, off, true);
        else if (c.has()) member(c, type, lv, off);
    }

    /** Initialises one member from the cursor, descending with brace elision if needed. */
    private void member(Cursor c, CType type, Lvalue lv, long off) {
        IASTInitializerClause clause = c.peek();
        CType t = type.unqualified();
        if (clause instanceof IASTInitializerList list) {
            c.pos++;
            braced(list, type, lv, off);
            return;
        }
        if (clause instanceof ICASTDesignatedInitializer) {
            c.pos++;
            return;
        }
        IASTExpression e = (IASTExpression) clause;
        boolean aggregate = t instanceof StructType || t instanceof CType.Array;
        if (aggregate && !initializesWhole(e, t)) {
            aggregate(c, t, lv, off, false);
            return;
        }
        c.pos++;
        if (t instanceof CType.Array a && ExprLowerer.strip(e) instanceof IASTLiteralExpression lit) {
            if (automatic) stringInto(lit, a, lv, ctx.loc(e));
            else if (!measuring) staticString(lit, a, off);
            return;
        }
        scalar(e, type, lv, off);
    }

    /**
     * A character array of automatic storage initialised by a string literal (audit D31): a store per byte of the
     * literal that fits (its terminator included when there is room, C11 6.7.9p14) and a {@code memset} of the rest
     * (p21: as static storage, zero), statements of the program: every pass over the declaration writes the whole
     * array (a backward {@code goto} within its block initialises the same object again). A wide literal's elements
     * are not decoded: their stores are left out (the elements stay unknown to the explorer).
     */
    private void stringInto(IASTLiteralExpression lit, CType.Array a, Lvalue lv, SourceLoc loc) {
        long[] values = literalElements(lit, a, Integer.MAX_VALUE);
        if (values == null) return;
        long len = a.length() >= 0 ? a.length() : values.length;
        long known = values.length;
        for (int i = 0; i < known; i++) {
            body.emit(new Stmt.Assign(index(lv, i, a.element()), new Expr.IntConst(values[i], a.element()), loc));
        }
        if (len > known) {
            CType voidPtr = ctx.types.pointerTo(new CType.Void());
            CType fn = ctx.types.pointerTo(new CType.Function(voidPtr, List.of(voidPtr, ctx.types.intType(), ctx.types.sizeType()), false));
            body.emit(new Stmt.Call(null, new Expr.FuncRef("memset", fn), List.of(
                    new Expr.AddrOf(index(lv, known, a.element()), ctx.types.pointerTo(a.element())), new Expr.IntConst(0, ctx.types.intType()),
                    new Expr.IntConst(len - known, ctx.types.sizeType())), loc));
        }
    }

    /** The longest string literal a character array of static storage gets its bytes from as items ({@link #staticString}). */
    static final int MAX_STATIC_STRING = 4096;

    /**
     * A character array of static storage initialised by a string literal: an item per byte of the literal that fits,
     * its terminator included when there is room (C11 6.7.9p14); the rest is zero as all static storage (p10), which
     * the layers that read items know (an array with an item inside is known whole). A wide literal, or one longer
     * than {@link #MAX_STATIC_STRING}, gives no items but an {@link GlobalInit.Unknown} range, the whole array: the
     * layers take its bytes as unknown, not zero (audit D33: the bounded layer took a lost literal for zeros).
     */
    private void staticString(IASTLiteralExpression lit, CType.Array a, long off) {
        long[] values = literalElements(lit, a, MAX_STATIC_STRING);
        if (values == null) {
            if (a.size() > 0) unknown.add(new GlobalInit.Unknown(off, a.size()));
            return;
        }
        for (int i = 0; i < values.length; i++) items.add(new GlobalInit.Item(off + i, a.element(), new Expr.IntConst(values[i], a.element())));
    }

    /**
     * The values of the elements of character array {@code a} that string literal {@code lit} gives: its bytes as the
     * element type holds them, its terminator when there is room (C11 6.7.9p14), as many as the array has (the rest
     * are zero); null for a wide literal or one longer than {@code maxBytes} (not decoded).
     */
    private static long[] literalElements(IASTLiteralExpression lit, CType.Array a, int maxBytes) {
        if (!(a.element().unqualified() instanceof CType.Int ch) || ch.size() != 1) return null;
        byte[] b = weft.model.StringLiteralText.bytes(new String(lit.getValue()));
        if (b == null || b.length > maxBytes) return null;
        long len = a.length() >= 0 ? a.length() : b.length + 1L;
        long[] out = new long[(int) Math.min(len, b.length + 1L)];
        for (int i = 0; i < out.length; i++) out[i] = i < b.length ? (ch.signed() ? b[i] : b[i] & 0xff) : 0;
        return out;
    }

    private boolean initializesWhole(IASTExpression e, CType t) {
        if (t instanceof CType.Array && ExprLowerer.strip(e) instanceof IASTLiteralExpression l
                && l.getKind() == IASTLiteralExpression.lk_string_literal) {
            return true;
        }
        return exprs.typeOf(e).unqualified() == t;
    }

    private void aggregate(Cursor c, CType t, Lvalue lv, long off, boolean braced) {
        aggregate(c, t, lv, off, braced, 0);
    }

    /** Initialises the members (elements) of {@code t} from position {@code start} on. */
    private void aggregate(Cursor c, CType t, Lvalue lv, long off, boolean braced, long start) {
        if (t instanceof StructType s) {
            List<StructType.Field> fields = s.fields();
            int i = (int) start;
            while (c.has()) {
                IASTInitializerClause clause = c.peek();
                if (clause instanceof ICASTDesignatedInitializer d) {
                    if (!braced) return;
                    c.pos++;
                    i = (int) designated(c, d, s, lv, off);
                    continue;
                }
                while (i < fields.size() && fields.get(i).name().isEmpty() && fields.get(i).isBitField()) i++;
                if (i >= fields.size() || (s.isUnion() && i > 0)) {
                    if (braced) c.pos = c.clauses.size();
                    return;
                }
                StructType.Field f = fields.get(i++);
                member(c, f.type(), new Lvalue.Field(lv, s, f), off + f.offset());
            }
        } else if (t instanceof CType.Array a) {
            long i = start;
            long elemSize = Math.max(a.element().size(), 0);
            while (c.has()) {
                IASTInitializerClause clause = c.peek();
                if (clause instanceof ICASTDesignatedInitializer d) {
                    if (!braced) return;
                    c.pos++;
                    i = designated(c, d, a, lv, off);
                    continue;
                }
                if (a.length() >= 0 && i >= a.length()) {
                    if (braced) c.pos = c.clauses.size();
                    return;
                }
                if (lv == measured) maxIndex = Math.max(maxIndex, i);
                member(c, a.element(), index(lv, i, a.element()), off + i * elemSize);
                i++;
            }
        }
    }

    private Lvalue index(Lvalue lv, long i, CType elem) {
        return new Lvalue.Index(lv, new Expr.IntConst(i, ctx.types.intType()), elem);
    }

    /** An aggregate entered by a second or later designator, and the position after the designated member. */
    private record Level(CType type, Lvalue lv, long off, long next) {}

    /**
     * Handles {@code .f... = v} / {@code [i]... = v}; returns the position after the first designator.
     * As C11 6.7.9p17 says, the initialisers that follow {@code .a.b = v} go on with the members after
     * {@code b} in {@code a}, then with those after {@code a} (the caller's part).
     */
    private long designated(Cursor c, ICASTDesignatedInitializer d, CType t, Lvalue lv, long off) {
        ICASTDesignator[] ds = d.getDesignators();
        long next = 0;
        CType cur = t;
        Lvalue curLv = lv;
        long curOff = off;
        List<Level> inner = new ArrayList<>();
        for (int k = 0; k < ds.length; k++) {
            ICASTDesignator des = ds[k];
            if (des instanceof ICASTFieldDesignator fd && cur.unqualified() instanceof StructType s) {
                String name = fd.getName().toString();
                Lvalue fl = ExprLowerer.fieldPath(curLv, s, name);
                if (fl == null) {
                    if (!measuring) ctx.error(d, "no member named '" + name + "'");
                    return next;
                }
                StructType.Field top = topField(s, (Lvalue.Field) fl, curLv);
                long after = s.fields().indexOf(top) + 1;
                if (k == 0) next = after;
                else inner.add(new Level(cur.unqualified(), curLv, curOff, after));
                curOff += offsetWithin(fl, curLv);
                curLv = fl;
                cur = fl.type();
            } else if (cur.unqualified() instanceof CType.Array a) {
                long from;
                long to;
                if (des instanceof ICASTArrayDesignator ad) {
                    Long v = ConstEval.eval(ad.getSubscriptExpression());
                    from = to = v == null ? 0 : v;
                } else if (des instanceof IGCCASTArrayRangeDesignator rd) {
                    Long a1 = ConstEval.eval(rd.getRangeFloor());
                    Long a2 = ConstEval.eval(rd.getRangeCeiling());
                    from = a1 == null ? 0 : a1;
                    to = a2 == null ? from : a2;
                } else {
                    return next;
                }
                if (k == 0) next = to + 1;
                else inner.add(new Level(a, curLv, curOff, to + 1));
                if (curLv == measured) maxIndex = Math.max(maxIndex, to);
                long es = Math.max(a.element().size(), 0);
                if (from != to && k == ds.length - 1) {
                    for (long i = from; i <= to; i++) {
                        member(new Cursor(List.of(d.getOperand())), a.element(), index(curLv, i, a.element()), curOff + i * es);
                    }
                    continueInner(c, inner);
                    return next;
                }
                curLv = index(curLv, from, a.element());
                curOff += from * es;
                cur = a.element();
            } else {
                if (!measuring) ctx.error(d, "designator does not match the initialised type");
                return next;
            }
        }
        member(new Cursor(List.of(d.getOperand())), cur, curLv, curOff);
        continueInner(c, inner);
        return next;
    }

    private void continueInner(Cursor c, List<Level> inner) {
        for (int j = inner.size() - 1; j >= 0; j--) {
            Level l = inner.get(j);
            aggregate(c, l.type(), l.lv(), l.off(), false, l.next());
        }
    }

    private static StructType.Field topField(StructType s, Lvalue.Field fl, Lvalue base) {
        Lvalue.Field f = fl;
        while (f.base() != base && f.base() instanceof Lvalue.Field parent) f = parent;
        return f.field();
    }

    private static long offsetWithin(Lvalue lv, Lvalue base) {
        long off = 0;
        while (lv != base && lv instanceof Lvalue.Field f) {
            off += f.field().offset();
            lv = f.base();
        }
        return off;
    }

    private void scalar(IASTExpression e, CType type, Lvalue lv, long off) {
        if (measuring) return;
        SourceLoc loc = ctx.loc(e);
        Expr v = exprs.rvalue(e);
        if (body.isStaticContext() || rootIsStatic(lv)) {
            items.add(new GlobalInit.Item(off, type, v));
        } else {
            body.emit(new Stmt.Assign(lv, v, loc));
        }
    }

    private static boolean rootIsStatic(Lvalue lv) {
        while (true) {
            if (lv instanceof Lvalue.Var v) return v.variable().isStatic();
            if (lv instanceof Lvalue.Field f) lv = f.base();
            else if (lv instanceof Lvalue.Index i) lv = i.base();
            else return false;
        }
    }

    /**
     * The element count an initialiser gives an array declared without a length ({@code type}), or -1:
     * the highest element index the initialiser reaches (with brace elision and designators) plus one.
     */
    static long inferLength(UnitContext ctx, CType.Array type, IASTInitializer init) {
        IASTInitializerClause clause = init instanceof IASTEqualsInitializer eq ? eq.getInitializerClause() : init instanceof IASTInitializerList l ? l : null;
        if (clause instanceof IASTInitializerList list && list.getClauses().length == 1
                && list.getClauses()[0] instanceof IASTLiteralExpression lit
                && lit.getKind() == IASTLiteralExpression.lk_string_literal) {
            clause = lit; // char s[] = { "text" }
        }
        if (clause instanceof IASTLiteralExpression lit && lit.getKind() == IASTLiteralExpression.lk_string_literal) {
            return Literals.stringLength(new String(lit.getValue())) + 1;
        }
        if (!(clause instanceof IASTInitializerList list)) return -1;
        Body scratch = new Body(null, ctx.program);
        InitLowerer m = new InitLowerer(ctx, scratch, new StmtLowerer(ctx, scratch).exprs(), true);
        CType.Array unbounded = new CType.Array(type.element(), -1);
        m.measured = new Lvalue.Var(new Variable(-1, "<array>", unbounded, Variable.Kind.TEMP, null, false, SourceLoc.NONE));
        m.aggregate(new Cursor(List.of(list.getClauses())), unbounded, m.measured, 0, true);
        return m.maxIndex + 1;
    }
}
