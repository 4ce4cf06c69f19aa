package weft.bounded.bmc;

import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import weft.ir.Variable;

import java.util.Map;

/**
 * The symbolic state of the sequential program at one point of one function instance: the condition under which
 * control is there ({@code guard}), the values of the instance's register locals (SSA), the memory, the next free heap
 * address and the value returned so far ({@code ret}, null when none). Immutable: a step makes a new state.
 */
record SymState(BoolExpr guard, Map<Variable, Expr<BitVecSort>> regs, Bytes mem,
                Expr<BitVecSort> heap, Expr<BitVecSort> ret) {
    SymState {
        regs = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(regs));
    }

    SymState withGuard(BoolExpr g) {
        return new SymState(g, regs, mem, heap, ret);
    }

    SymState withMem(Bytes m) {
        return new SymState(guard, regs, m, heap, ret);
    }

    SymState withReg(Variable v, Expr<BitVecSort> value) {
        java.util.LinkedHashMap<Variable, Expr<BitVecSort>> r = new java.util.LinkedHashMap<>(regs);
        r.put(v, value);
        return new SymState(guard, r, mem, heap, ret);
    }

    SymState withHeap(Expr<BitVecSort> h) {
        return new SymState(guard, regs, mem, h, ret);
    }

    SymState withRet(Expr<BitVecSort> r) {
        return new SymState(guard, regs, mem, heap, r);
    }
}
