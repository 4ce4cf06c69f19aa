package weft.bounded.bmc;

import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import weft.smt.ExprEncoder;
import weft.ir.CType;
import weft.ir.Lvalue;
import weft.ir.Variable;

/**
 * Values of expressions and addresses of lvalues in one symbolic state of one function instance: {@link ExprEncoder}
 * with memory ({@link SymMemory}) behind its loads, addresses and pointers. Register locals are read from the state;
 * every other object from memory at its address (statics by the layout, the instance's address-taken locals by its
 * {@link SymFrame}, everything else through pointers). A bit-field is read as a fresh value (its containing bytes are
 * written as fresh bytes: {@link Steps}): an over-approximation. One instance per statement; it numbers its fresh
 * constants on from the encoding's counter.
 */
final class Values implements ExprEncoder.Operands {
    private final Context ctx;
    private final SymMemory memory;
    private final SymFrame frame;
    private final Bytes mem;
    final ExprEncoder enc;

    Values(Context ctx, SymMemory memory, SymFrame frame, SymState st, int freshStart) {
        this.ctx = ctx;
        this.memory = memory;
        this.frame = frame;
        this.mem = st.mem();
        this.enc = new ExprEncoder(ctx, st.regs(), freshStart, this);
    }

    int freshCount() {
        return enc.freshCount();
    }

    /** The modelled type of {@code t} (integers and pointers), or null. */
    CType.Int type(CType t) {
        return enc.modelled(t);
    }

    /** The value of {@code e} converted to {@code to}; fresh when {@code e}'s type is not modelled. */
    Expr<BitVecSort> value(weft.ir.Expr e, CType.Int to) {
        CType.Int from = type(e.type());
        if (from == null) return enc.freshValue(to, "val");
        return enc.convert(enc.value(e), from, to);
    }

    @Override
    public Expr<BitVecSort> load(Lvalue lv, CType.Int t) {
        if (lv instanceof Lvalue.Var v && frame.isRegister(v.variable())) return enc.freshValue(t, "uninit");
        if (lv instanceof Lvalue.Field f && f.field().isBitField()) return enc.freshValue(t, "bitfield");
        return memory.read(mem, address(lv), (int) t.size());
    }

    @Override
    public Expr<BitVecSort> address(Lvalue lv) {
        CType.Int pt = ExprEncoder.pointerType(memory.pointerBytes());
        if (lv instanceof Lvalue.Var v) {
            Variable x = v.variable();
            long a = memory.staticAddress(x);
            if (a < 0) a = frame.objectAddress(x);
            return a < 0 ? enc.freshValue(pt, "addr") : memory.address(a);
        }
        if (lv instanceof Lvalue.Field f) return memory.plus(address(f.base()), f.field().offset());
        if (lv instanceof Lvalue.Index i) {
            CType elem = i.type();
            long size = elem.size() <= 0 ? 1 : elem.size();
            Expr<BitVecSort> idx = value(i.index(), ExprEncoder.intType(i.index().type()) != null && ExprEncoder.intType(i.index().type()).signed()
                    ? new CType.Int("long", memory.pointerBytes(), memory.pointerBytes(), true) : pt);
            return ctx.mkBVAdd(address(i.base()), ctx.mkBVMul(idx, memory.address(size)));
        }
        Lvalue.Deref d = (Lvalue.Deref) lv;
        return value(d.pointer(), pt);
    }

    @Override
    public Expr<BitVecSort> function(String name) {
        return memory.address(memory.functionAddress(name));
    }

    @Override
    public int pointerBytes() {
        return memory.pointerBytes();
    }
}
