package weft.frontend;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.GlobalInit;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * A small concrete interpreter of lowered functions, used to check that the lowering of control flow
 * and side effects has C's meaning (order of evaluation, short circuits, fall-through...).
 *
 * <p>Memory is a map from (frame, object, byte offset) to a value; a value is a {@code Long} or an
 * {@link Addr} (pointers). Scalars are stored at the offset they are accessed with, which is enough as
 * long as an object is read with the type it was written with. Calls of functions the program does not
 * define return {@code 0} and are recorded in {@link #calls}. The CFG must be deterministic: at every
 * node either a single non-assume edge leaves, or exactly one assume edge is enabled.
 */
final class IrInterpreter {
    /** An address: an object of a frame (0 for static storage) and a byte offset into it. */
    record Addr(int frame, Variable object, long offset) {
        Addr plus(long bytes) {
            return new Addr(frame, object, offset + bytes);
        }
    }

    private final Program program;
    private final Map<Addr, Object> memory = new HashMap<>();
    /** Calls to functions that are not defined: {@code name(arg, ...)}. */
    final List<String> calls = new ArrayList<>();
    private int frames;
    private int steps;

    IrInterpreter(Program program) {
        this.program = program;
        for (Variable g : program.globals()) {
            GlobalInit gi = program.init(g);
            if (gi == null) continue;
            for (GlobalInit.Item item : gi.items()) memory.put(new Addr(0, g, item.offset()), convert(eval(item.value(), 0), item.type()));
        }
    }

    /** Runs the function with C name {@code name} on integer arguments; returns its result (0 for void). */
    long run(String name, long... args) {
        Object[] a = new Object[args.length];
        for (int i = 0; i < args.length; i++) a[i] = args[i];
        Object r = call(FrontendTestSupport.fn(program, name), a);
        return r instanceof Long l ? l : 0;
    }

    /** The value of a global scalar (0 if never written). */
    long global(String name) {
        Object v = memory.get(new Addr(0, FrontendTestSupport.global(program, name), 0));
        return v instanceof Long l ? l : 0;
    }

    long globalAt(String name, long offset) {
        Object v = memory.get(new Addr(0, FrontendTestSupport.global(program, name), offset));
        return v instanceof Long l ? l : 0;
    }

    private Object call(Function f, Object[] args) {
        int frame = ++frames;
        for (int i = 0; i < f.params().size() && i < args.length; i++) {
            memory.put(new Addr(frame, f.params().get(i), 0), args[i]);
        }
        int node = f.cfg().entry();
        while (true) {
            if (++steps > 1_000_000) fail("interpreter: step limit exceeded in " + f.name());
            if (node == f.cfg().exit()) return 0L;
            List<Edge> out = f.cfg().out(node);
            if (out.isEmpty()) fail("interpreter: stuck at node " + node + " of " + f.name());
            Edge taken = null;
            if (out.size() == 1 && !(out.get(0).stmt() instanceof Stmt.Assume)) {
                taken = out.get(0);
            } else {
                for (Edge e : out) {
                    if (!(e.stmt() instanceof Stmt.Assume a)) {
                        fail("interpreter: node " + node + " of " + f.name() + " mixes assume and other edges: " + out);
                        return null;
                    }
                    boolean holds = truth(eval(a.cond(), frame)) == a.positive();
                    if (holds) {
                        if (taken != null) fail("interpreter: two enabled edges at node " + node + " of " + f.name() + ": " + out);
                        taken = e;
                    }
                }
                if (taken == null) fail("interpreter: no enabled edge at node " + node + " of " + f.name() + ": " + out);
            }
            Stmt s = taken.stmt();
            if (s instanceof Stmt.Return r) {
                return r.value() == null ? 0L : eval(r.value(), frame);
            }
            exec(s, frame);
            node = taken.to();
        }
    }

    private void exec(Stmt s, int frame) {
        if (s instanceof Stmt.Assign a) {
            Addr at = address(a.lhs(), frame);
            memory.put(at, convert(eval(a.rhs(), frame), a.lhs().type()));
        } else if (s instanceof Stmt.Call c) {
            List<Object> args = new ArrayList<>();
            for (Expr x : c.args()) args.add(eval(x, frame));
            Object callee = c.callee() instanceof Expr.FuncRef fr ? fr.name() : eval(c.callee(), frame);
            Object result;
            if (callee instanceof String name && program.function(name) != null) {
                result = call(program.function(name), args.toArray());
            } else {
                calls.add(callee + "(" + args.stream().map(String::valueOf).reduce((x, y) -> x + ", " + y).orElse("") + ")");
                result = 0L;
            }
            if (c.result() != null) memory.put(address(c.result(), frame), convert(result, c.result().type()));
        } else if (s instanceof Stmt.Decl d) {
            memory.keySet().removeIf(k -> k.object().equals(d.variable()) && k.frame() == frameOf(d.variable(), frame));
        } else if (!(s instanceof Stmt.Skip) && !(s instanceof Stmt.Asm) && !(s instanceof Stmt.Assume)) {
            fail("interpreter: unexpected statement " + s);
        }
    }

    private static int frameOf(Variable v, int frame) {
        return v.isStatic() ? 0 : frame;
    }

    Addr address(Lvalue lv, int frame) {
        if (lv instanceof Lvalue.Var v) return new Addr(frameOf(v.variable(), frame), v.variable(), 0);
        if (lv instanceof Lvalue.Field f) return address(f.base(), frame).plus(f.field().offset());
        if (lv instanceof Lvalue.Index i) {
            long idx = asLong(eval(i.index(), frame));
            return address(i.base(), frame).plus(idx * Math.max(i.type().size(), 0));
        }
        if (lv instanceof Lvalue.Deref d) {
            Object p = eval(d.pointer(), frame);
            if (p instanceof Addr a) return a;
            fail("interpreter: dereference of non-pointer value " + p + " in " + lv);
        }
        fail("interpreter: unexpected lvalue " + lv);
        return null;
    }

    Object eval(Expr e, int frame) {
        if (e instanceof Expr.IntConst c) return c.value();
        if (e instanceof Expr.Load l) {
            Object v = memory.get(address(l.lvalue(), frame));
            return v == null ? 0L : v;
        }
        if (e instanceof Expr.AddrOf a) return address(a.lvalue(), frame);
        if (e instanceof Expr.FuncRef f) return f.name();
        if (e instanceof Expr.Cast c) return convert(eval(c.operand(), frame), c.type());
        if (e instanceof Expr.Unary u) {
            Object v = eval(u.operand(), frame);
            return switch (u.op()) {
                case NOT -> truth(v) ? 0L : 1L;
                case NEG -> convert(-asLong(v), u.type());
                case BITNOT -> convert(~asLong(v), u.type());
            };
        }
        if (e instanceof Expr.Binary b) {
            Object l = eval(b.left(), frame);
            Object r = eval(b.right(), frame);
            if (l instanceof Addr a && (b.op() == Expr.BinOp.ADD || b.op() == Expr.BinOp.SUB) && r instanceof Long n) {
                long scale = Math.max(1, b.left().type().pointee() == null ? 1 : b.left().type().pointee().size());
                return a.plus((b.op() == Expr.BinOp.ADD ? n : -n) * scale);
            }
            if (l instanceof Addr a && r instanceof Addr c && b.op() == Expr.BinOp.SUB && a.object().equals(c.object())) {
                long scale = Math.max(1, b.left().type().pointee() == null ? 1 : b.left().type().pointee().size());
                return (a.offset() - c.offset()) / scale;
            }
            if (l instanceof Addr || r instanceof Addr) {
                return switch (b.op()) {
                    case EQ -> l.equals(r) ? 1L : 0L;
                    case NE -> l.equals(r) ? 0L : 1L;
                    default -> {
                        fail("interpreter: pointer operation " + e);
                        yield 0L;
                    }
                };
            }
            long x = asLong(l);
            long y = asLong(r);
            long v = switch (b.op()) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                case DIV -> x / y;
                case MOD -> x % y;
                case SHL -> x << y;
                case SHR -> x >> y;
                case AND -> x & y;
                case OR -> x | y;
                case XOR -> x ^ y;
                case EQ -> x == y ? 1 : 0;
                case NE -> x != y ? 1 : 0;
                case LT -> x < y ? 1 : 0;
                case LE -> x <= y ? 1 : 0;
                case GT -> x > y ? 1 : 0;
                case GE -> x >= y ? 1 : 0;
            };
            return b.op().isComparison() ? (Object) v : convert(v, b.type());
        }
        fail("interpreter: unsupported expression " + e);
        return null;
    }

    private static Object convert(Object v, CType t) {
        if (v instanceof Long l && t.unqualified() instanceof CType.Int it && it.name().equals("_Bool")) return l != 0 ? 1L : 0L;
        if (v instanceof Long l && t.unqualified() instanceof CType.Int it) return ConstEval.truncate(l, it);
        return v;
    }

    private static boolean truth(Object v) {
        if (v instanceof Long l) return l != 0;
        return v != null;
    }

    private static long asLong(Object v) {
        if (v instanceof Long l) return l;
        fail("interpreter: expected an integer, got " + v);
        return 0;
    }
}
