package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.VaListBuiltins;

import java.util.AbstractList;
import java.util.List;

/**
 * Variadic functions of the program: a call's variadic arguments, {@code va_start}, {@code va_copy}, {@code va_end},
 * {@code va_arg}, and the library functions given a {@code va_list} ({@code vsnprintf}).
 *
 * <p>Layout (this interpreter's own, not the ABI's): a call of a variadic function gets a fresh block owned by the
 * callee's activation (it dies at the return), bound in the frame to the function's variadic-arguments variable
 * ({@link VaListBuiltins#objectName}, so the state encoding sees it as one of the frame's objects). Argument k of the
 * variadic part, after the default argument promotions (C11 6.5.2.2p6: integers narrower than {@code int} to
 * {@code int}), occupies a slot of its size rounded up to 8 bytes: an integer stored as 8 bytes sign- or
 * zero-extended by its promoted type (so reading it as its own type, the low bytes, gives its value), a pointer stored
 * as a pointer. {@code va_start(ap, last)} stores a pointer to the block's start in {@code ap}; {@code va_arg(ap, T)}
 * is lowered by the front end to advancing {@code ap} by T's slot and reading a T where it pointed
 * ({@code weft.frontend.CdtParser}'s macro), which the interpreter runs as ordinary C; {@code va_copy} copies the
 * pointer; {@code va_end} does nothing. Reading past the last argument reads outside the block and abandons (undefined
 * in C); reading a slot as a type wider than its argument reads extension bytes the real ABI would not define — a
 * program doing that has undefined behaviour (C11 7.16.1.1p2), so must-soundness concerns only correct programs.
 *
 * <p>Floating-point and aggregate variadic arguments are not laid out: their slots (a float promoted to a double) are
 * bytes not known, so a {@code va_arg} that reads one, or a format that converts one, abandons; a call that never
 * reads them goes on. A {@code va_list} whose value is not a pointer into such a block (never started, or one from
 * outside the program) abandons at its use.
 */
final class VarArgs {
    static final long SLOT = 8;
    private static final CType.Int LONG8 = new CType.Int("long long", 8, 8, true);

    private VarArgs() {
    }

    /** The variadic-arguments variable of {@code fn}, or null when {@code fn} is not variadic or has none. */
    static Variable variable(ExecState st, Function fn) {
        if (!fn.type().varargs()) return null;
        return st.program.libcObject(VaListBuiltins.objectName(fn.linkName()));
    }

    /** Lays out the variadic arguments (those after {@code fn}'s parameters) of a call of {@code fn} in activation {@code f}. */
    static void bind(ExecState st, Evaluator ev, ThreadState t, Frame f, Function fn, List<Value> args, List<CType> argTypes) {
        Variable va = variable(st, fn);
        if (va == null) return;
        int first = fn.params().size();
        long size = 0;
        for (int i = first; i < args.size(); i++) size += slot(argTypes.get(i), fn);
        Block o = st.mem.create(va.name(), Block.Kind.LOCAL, Math.max(size, 1), t.index, fn.loc());
        f.setObject(va.id(), o.id);
        f.own(o.id);
        long off = 0;
        for (int i = first; i < args.size(); i++) {
            CType type = argTypes.get(i).unqualified();
            Value v = args.get(i);
            long n = slot(argTypes.get(i), fn);
            if (type instanceof CType.Int it) {
                CType.Int promoted = IntConversions.promote(it, IntConversions.INT);
                Value p = ev.convert(v, it, promoted);
                if (!(p instanceof Value.Int k)) throw Abandon.unsupported("variadic argument " + p + " of " + fn.name());
                st.mem.write(o.id, off, LONG8, Value.of(IntConversions.truncate(k.v(), promoted.size(), promoted.signed())));
            } else if (type instanceof CType.Pointer) {
                st.mem.write(o.id, off, type, v);
            } else {
                o.setUnknown(off, n, true); // not laid out: a va_arg that reads it abandons
            }
            off += n;
        }
    }

    /** The bytes argument type {@code type} takes in the block: its size rounded up to 8 (as the front end's va_arg steps). */
    private static long slot(CType type, Function fn) {
        CType t = type.unqualified();
        if (t instanceof CType.Int || t instanceof CType.Pointer) return SLOT;
        long size = t instanceof CType.Float ? Math.max(8, t.size()) : t.size();
        if (size <= 0) throw Abandon.unsupported("variadic argument of type " + type + " to " + fn.name());
        return (size + SLOT - 1) / SLOT * SLOT;
    }

    /**
     * {@code va_start}, {@code va_copy}, {@code va_end} (calls of the builtins, which name their {@code va_list} by
     * value: the address is the argument's lvalue's); the list's store is a write of it as any assignment.
     */
    static boolean builtin(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name) {
        Evaluator ev = in.ev;
        ExecState st = in.st;
        if (name.equals("__builtin_va_end")) return in.finishCall(t, c, e, null, null);
        if (call.args().isEmpty() || !(call.args().get(0) instanceof Expr.Load dst)) throw Abandon.unsupported(name + " of a list that is no variable");
        Value list;
        if (name.equals("__builtin_va_copy")) {
            if (call.args().size() < 2) throw Abandon.unsupported(name + " without a source");
            list = ev.eval(call.args().get(1), c);
        } else {
            Frame f = t.top();
            Variable va = variable(st, f.fn);
            int block = va == null ? -1 : f.object(va.id());
            if (block < 0) throw Abandon.unsupported(name + " outside a variadic function");
            list = new Value.Ptr(block, 0);
        }
        ev.store(dst.lvalue(), list, dst.lvalue().type(), c, call.loc());
        return in.finishCall(t, c, e, null, null);
    }

    /**
     * The values a printf- or scanf-like call's conversions take: the arguments after the format at {@code format}, or
     * those the {@code va_list} at {@code vaList} (not -1) stands for.
     */
    static List<Value> afterFormat(Memory mem, List<Value> args, int format, int vaList, String name) {
        return vaList >= 0 ? arguments(mem, LibraryBehaviour.arg(args, vaList), name) : args.subList(Math.min(args.size(), format + 1), args.size());
    }

    /**
     * The arguments a {@code va_list} value stands for, from its current slot on, as a library function consuming
     * them in order ({@link Formatter}) sees them: a slot holding a pointer gives it, any other slot its 8 bytes as an
     * integer (the conversion truncates them to its own size).
     */
    static List<Value> arguments(Memory mem, Value list, String name) {
        if (!(list instanceof Value.Ptr p)) throw Abandon.unsupported(name + " with a va_list " + list);
        Block o = mem.get(p.obj());
        if (!VaListBuiltins.isObjectName(o.name)) throw Abandon.unsupported(name + " with a va_list that no va_start set");
        long slots = Math.max(0, (o.size - p.off()) / SLOT);
        return new AbstractList<>() {
            @Override
            public Value get(int k) {
                long off = p.off() + k * SLOT;
                Memory.Stored s = o.ptrs.get(off);
                return s != null ? s.value() : mem.read(p.obj(), off, LONG8);
            }

            @Override
            public int size() {
                return (int) Math.min(slots, Integer.MAX_VALUE);
            }
        };
    }

}
