package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Event.AtomicOp;
import weft.model.Event;

import java.util.List;

/**
 * GCC {@code __atomic}/{@code __sync} builtins and C11 {@code atomic_*} functions: each executes as one indivisible
 * step whose access to the target object is atomic. The compare operand of the pointer forms ({@code *expected})
 * is read, and written on failure, as a plain access; so are the value and result operands of GCC's generic forms
 * ({@link Event.Atomic#valueByPointer}, {@link Event.Atomic#resultArg}), which are the calling thread's memory.
 *
 * <p>Must-soundness: strong and weak compare-exchange both succeed exactly when the values are equal (a weak CAS
 * may fail spuriously, but need not); arithmetic wraps as the builtins specify. Abandoned: read-modify-write on
 * pointers (GCC does not scale, C11 does), non-scalar targets (except a generic load, store or exchange of a struct,
 * which copies its bytes and stored pointers as an assignment does), and anything not matching the known signatures.
 */
public final class AtomicOps {
    private final Interpreter in;
    private final ExecState st;
    private final Evaluator ev;

    AtomicOps(Interpreter in) {
        this.in = in;
        this.st = in.st;
        this.ev = in.ev;
    }

    boolean run(ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Event.Atomic a, List<Value> args) {
        c.visible = true;
        if (a.op() == AtomicOp.FENCE) return in.finishCall(t, c, e, Value.ZERO, null);
        Value.Ptr p = ptr(LibraryBehaviour.arg(args, a.ptrArg()), name);
        CType type = call.args().get(a.ptrArg()).type().pointee();
        if (a.flagByte()) {
            type = new CType.Int("unsigned char", 1, 1, false);
        }
        // the generic forms copy whole objects (structs too) for loads, stores and exchanges; a compare on
        // anything but a scalar (bytewise, padding included) is not modelled
        boolean wholeCopy = a.generic() && (a.op() == AtomicOp.LOAD || a.op() == AtomicOp.STORE || a.op() == AtomicOp.EXCHANGE)
                && type != null && type.unqualified() instanceof weft.ir.StructType && type.size() > 0;
        if (!wholeCopy && (type == null || !type.isScalar() || type.unqualified() instanceof CType.Float || type.size() <= 0
                || type.size() > 8)) {
            throw Abandon.unsupported(name + " on type " + type);
        }
        switch (a.op()) {
            case LOAD -> {
                Value old = read(c, p, type, call, name);
                if (a.resultArg() >= 0) {
                    plainWrite(c, ptr(LibraryBehaviour.arg(args, a.resultArg()), name), type, old, call);
                    return in.finishCall(t, c, e, Value.ZERO, null);
                }
                return in.finishCall(t, c, e, old, type);
            }
            case STORE, CLEAR -> {
                Value v = a.op() == AtomicOp.CLEAR ? Value.ZERO : value(c, a, args, call, type, name);
                write(c, p, type, v, call, name);
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
            case EXCHANGE, TEST_AND_SET -> {
                Value old = read(c, p, type, call, name);
                Value v = a.op() == AtomicOp.TEST_AND_SET ? Value.ONE : value(c, a, args, call, type, name);
                write(c, p, type, v, call, name);
                if (a.resultArg() >= 0) {
                    plainWrite(c, ptr(LibraryBehaviour.arg(args, a.resultArg()), name), type, old, call);
                    return in.finishCall(t, c, e, Value.ZERO, null);
                }
                if (a.op() == AtomicOp.TEST_AND_SET) return in.finishCall(t, c, e, Evaluator.truth(old) ? Value.ONE : Value.ZERO, null);
                return in.finishCall(t, c, e, old, type);
            }
            case RMW -> {
                if (!(type.unqualified() instanceof CType.Int it)) throw Abandon.unsupported(name + " on a pointer");
                Value old = read(c, p, type, call, name);
                Value arg = ev.convert(LibraryBehaviour.arg(args, a.valueArg()), call.args().get(a.valueArg()).type(), type);
                if (!(old instanceof Value.Int o) || !(arg instanceof Value.Int v)) throw Abandon.unsupported(name + " operands");
                long x = o.v();
                long y = v.v();
                CType.Int ut = new CType.Int("unsigned", it.size(), it.align(), false);
                if (a.arith() == null) throw Abandon.unsupported(name);
                long r = switch (a.arith()) {
                    case ADD -> x + y;
                    case SUB -> x - y;
                    case AND -> x & y;
                    case OR -> x | y;
                    case XOR -> x ^ y;
                    case NAND -> ~(x & y);
                };
                Value nv = Value.of(Ints.convert(Ints.normalize(r, ut), it));
                write(c, p, type, nv, call, name);
                return in.finishCall(t, c, e, a.returnsNew() ? nv : old, type);
            }
            case CAS -> {
                Value old = read(c, p, type, call, name);
                Value expected;
                Value.Ptr expPtr = null;
                if (a.expectedIsPointer()) {
                    expPtr = ptr(LibraryBehaviour.arg(args, a.expectedArg()), name);
                    expected = plainRead(c, expPtr, type, call);
                } else {
                    expected = ev.convert(LibraryBehaviour.arg(args, a.expectedArg()), call.args().get(a.expectedArg()).type(), type);
                }
                Value desired = value(c, a, args, call, type, name);
                boolean equal = same(old, expected);
                if (equal) write(c, p, type, desired, call, name);
                else if (expPtr != null) plainWrite(c, expPtr, type, old, call);
                if (a.casReturnsOld()) return in.finishCall(t, c, e, old, type);
                return in.finishCall(t, c, e, equal ? Value.ONE : Value.ZERO, null);
            }
            default -> throw Abandon.unsupported(name);
        }
    }

    /** The stored value: read plainly through the value pointer of a generic form, else the converted argument. */
    private Value value(Ctx c, Event.Atomic a, List<Value> args, Stmt.Call call, CType type, String name) {
        if (a.valueByPointer()) return plainRead(c, ptr(LibraryBehaviour.arg(args, a.valueArg()), name), type, call);
        return ev.convert(LibraryBehaviour.arg(args, a.valueArg()), call.args().get(a.valueArg()).type(), type);
    }

    private static boolean same(Value a, Value b) {
        if (a instanceof Value.Int x && b instanceof Value.Int y) return x.v() == y.v();
        if (a instanceof Value.Ptr x && b instanceof Value.Ptr y) return x.sameAddress(y);
        if (a instanceof Value.Fn && b instanceof Value.Fn) return a.equals(b);
        boolean aNull = a instanceof Value.Int x && x.v() == 0;
        boolean bNull = b instanceof Value.Int y && y.v() == 0;
        if (aNull || bNull) return false;
        throw Abandon.unsupported("compare-exchange of " + a + " and " + b);
    }

    /** What an atomic builtin accesses, described only when a report needs it. */
    private record Subject(Stmt.Call call, String name) {
        @Override
        public String toString() {
            return "*(" + call.args().get(0) + ") by " + name;
        }
    }

    private static Value.Ptr ptr(Value v, String name) {
        if (v instanceof Value.Ptr p) return p;
        throw Abandon.unsupported(name + " on " + v);
    }

    private Value read(Ctx c, Value.Ptr p, CType type, Stmt.Call call, String name) {
        if (c.collects()) c.record(new ByteAccess(p.obj(), p.off(), type.size(), false, true, call.loc(), new Subject(call, name)));
        return st.mem.read(p.obj(), p.off(), type);
    }

    private void write(Ctx c, Value.Ptr p, CType type, Value v, Stmt.Call call, String name) {
        st.mem.check(p.obj(), p.off(), type.size(), true);
        if (c.collects()) c.record(new ByteAccess(p.obj(), p.off(), type.size(), true, true, call.loc(), new Subject(call, name)));
        if (!c.dry) st.mem.write(p.obj(), p.off(), type, v);
    }

    private Value plainRead(Ctx c, Value.Ptr p, CType type, Stmt.Call call) {
        if (c.collects()) c.record(new ByteAccess(p.obj(), p.off(), type.size(), false, c.atomicSection, call.loc(), "*expected"));
        return st.mem.read(p.obj(), p.off(), type);
    }

    private void plainWrite(Ctx c, Value.Ptr p, CType type, Value v, Stmt.Call call) {
        st.mem.check(p.obj(), p.off(), type.size(), true);
        if (c.collects()) c.record(new ByteAccess(p.obj(), p.off(), type.size(), true, c.atomicSection, call.loc(), "*expected"));
        if (!c.dry) st.mem.write(p.obj(), p.off(), type, v);
    }
}
