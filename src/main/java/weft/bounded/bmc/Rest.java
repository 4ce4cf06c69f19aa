package weft.bounded.bmc;

import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bytes of memory that {@link Bytes} does not hold as one term per constant address, as an immutable history of
 * writes over a base, read by case split: reading address {@code a} after {@code store(p, v)} is
 * {@code ite(a = p, v, read before)}, after a merge {@code ite(g, read of one branch, read of the other)}, and the
 * base is zero (static storage before the program runs) or an uninterpreted function from addresses to bytes
 * (memory after code the encoding does not follow wrote anywhere). The formulas so have no array terms: Z3's array
 * theory did not return on a few small sequential programs whose memory was havocked in several rounds (the same
 * store chains under if-then-else of arrays), and neither its {@code timeout}, its {@code rlimit} nor
 * {@code Context.interrupt} stopped it; bit-vectors and uninterpreted functions alone stop at their limits.
 *
 * <p>Same meaning as the array it replaces: each read unfolds exactly the select-over-store and select-over-ite
 * rules of the theory of arrays ({@code select(store(m, p, v), a) = ite(a = p, v, select(m, a))},
 * {@code select(ite(g, m1, m2), a) = ite(g, select(m1, a), select(m2, a))}), and a havoc's function is fresh, as the
 * array constant was. A read at a constant address skips the stores at other constant addresses, as the simplifier
 * would. One read visits each node of the history once (the nodes shared between branches are read once per read).
 */
abstract sealed class Rest {
    private Rest() {
    }

    /** Every byte zero. */
    static Rest zero(Context ctx) {
        return new Zero(ctx.mkBV(0, 8));
    }

    /** Every byte unknown: a fresh function named {@code name} from addresses of {@code bits} bits to bytes. */
    static Rest havoc(Context ctx, String name, int bits) {
        return new Havoc(ctx.mkFuncDecl(name, ctx.mkBitVecSort(bits), ctx.mkBitVecSort(8)));
    }

    /** This memory with byte {@code value} at {@code addr}. */
    Rest store(Expr<BitVecSort> addr, Expr<BitVecSort> value) {
        return new Store(this, addr, value);
    }

    /** {@code t} where {@code g} holds, else {@code e}. */
    static Rest ite(BoolExpr g, Rest t, Rest e) {
        return t == e ? t : new Ite(g, t, e);
    }

    /** The byte at {@code addr}. */
    Expr<BitVecSort> read(Context ctx, Effort effort, Expr<BitVecSort> addr) {
        return read(ctx, effort, addr, addr instanceof BitVecNum n ? n.getBigInteger() : null, new IdentityHashMap<>());
    }

    private Expr<BitVecSort> read(Context ctx, Effort effort, Expr<BitVecSort> addr, java.math.BigInteger constant, Map<Rest, Expr<BitVecSort>> memo) {
        Expr<BitVecSort> done = memo.get(this);
        if (done != null) return done;
        // a chain of stores is walked, not recursed into: programs store thousands of bytes in a row
        List<Store> chain = new ArrayList<>();
        Rest r = this;
        Expr<BitVecSort> v = null;
        long walked = 0;
        while (r instanceof Store s && v == null) {
            walked++;
            if (s.constant != null && constant != null) {
                if (s.constant.equals(constant)) v = s.value;
            } else {
                chain.add(s);
            }
            r = s.prev;
        }
        if (v == null) {
            Expr<BitVecSort> m = memo.get(r);
            if (m != null) {
                v = m;
            } else {
                if (r instanceof Zero z) v = z.zero;
                else if (r instanceof Havoc h) v = cast(ctx.mkApp(h.f, addr));
                else if (r instanceof Ite i) v = cast(ctx.mkITE(i.g, i.t.read(ctx, effort, addr, constant, memo), i.e.read(ctx, effort, addr, constant, memo)));
                else throw new IllegalStateException("unexpected memory node " + r);
                memo.put(r, v);
            }
        }
        effort.walked(walked);
        effort.add(1 + chain.size()); // this node (a read of an if-then-else is one), a term for each store left in the chain
        for (int k = chain.size() - 1; k >= 0; k--) {
            Store s = chain.get(k);
            v = cast(ctx.mkITE(ctx.mkEq(addr, s.addr), s.value, v));
        }
        memo.put(this, v);
        return v;
    }

    @SuppressWarnings("unchecked")
    private static Expr<BitVecSort> cast(Expr<?> e) {
        return (Expr<BitVecSort>) e;
    }

    private static final class Zero extends Rest {
        final Expr<BitVecSort> zero;

        Zero(Expr<BitVecSort> zero) {
            this.zero = zero;
        }
    }

    private static final class Havoc extends Rest {
        final FuncDecl<BitVecSort> f;

        Havoc(FuncDecl<BitVecSort> f) {
            this.f = f;
        }
    }

    private static final class Store extends Rest {
        final Rest prev;
        final Expr<BitVecSort> addr;
        final Expr<BitVecSort> value;
        /** The address's value when it is a numeral (read once: each read of the history compares it), else null. */
        final java.math.BigInteger constant;

        Store(Rest prev, Expr<BitVecSort> addr, Expr<BitVecSort> value) {
            this.prev = prev;
            this.addr = addr;
            this.constant = addr instanceof BitVecNum n ? n.getBigInteger() : null;
            this.value = value;
        }
    }

    private static final class Ite extends Rest {
        final BoolExpr g;
        final Rest t;
        final Rest e;

        Ite(BoolExpr g, Rest t, Rest e) {
            this.g = g;
            this.t = t;
            this.e = e;
        }
    }
}
