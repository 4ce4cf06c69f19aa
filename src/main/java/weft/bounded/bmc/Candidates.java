package weft.bounded.bmc;

import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import com.microsoft.z3.enumerations.Z3_decl_kind;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The few constant values a term can take, read off its structure: numerals, if-then-else, and the
 * bit-vector and Boolean operations the encoding builds (computed pointwise, modulo the width; Booleans as 0 and 1).
 * Used for addresses (an address computed from a value that differs between paths, such as a thread index read from
 * memory, is one of a handful of constants, so memory is accessed by a case split over them instead of through the
 * history of unknown writes) and for branch conditions (a condition that can only be false prunes the branch). Sound: every value the
 * term can take is in the set, since each operation is applied with its own semantics to every combination; null
 * when the term has other leaves (free constants) or more than {@link #MAX} values. Results are kept per term
 * (Z3 terms are hash-consed, so a live term's id identifies it; the terms are kept alive so that no id is reused),
 * so a shared subterm is evaluated once per encoding.
 */
final class Candidates {
    static final int MAX = 16;
    private static final Set<BigInteger> UNKNOWN = Set.of(BigInteger.valueOf(-1));

    private final Map<Integer, Set<BigInteger>> memo = new HashMap<>();
    /** The terms of {@link #memo}, kept alive: Z3 reuses the id of a term once it is freed. */
    private final List<Expr<?>> keep = new ArrayList<>();

    /** The values {@code e} can take, in a fixed order, or null. */
    List<Long> of(Expr<BitVecSort> e) {
        if (e instanceof BitVecNum n) return List.of(n.getBigInteger().longValue());
        Set<BigInteger> s = values(e, 0);
        if (s == null) return null;
        List<Long> out = new ArrayList<>(s.size());
        for (BigInteger b : s) out.add(b.longValue());
        return out;
    }

    /** Whether condition {@code b} is false in every execution. */
    boolean alwaysFalse(BoolExpr b) {
        if (b.isFalse()) return true;
        Set<BigInteger> s = values(b, 0);
        return s != null && s.size() == 1 && s.contains(BigInteger.ZERO);
    }

    /** Whether condition {@code b} is true in every execution. */
    boolean alwaysTrue(BoolExpr b) {
        if (b.isTrue()) return true;
        Set<BigInteger> s = values(b, 0);
        return s != null && s.size() == 1 && s.contains(BigInteger.ONE);
    }

    private Set<BigInteger> values(Expr<?> e, int depth) {
        if (depth > 200) return null;
        if (e instanceof BitVecNum n) return Set.of(n.getBigInteger());
        if (e.isTrue()) return Set.of(BigInteger.ONE);
        if (e.isFalse()) return Set.of(BigInteger.ZERO);
        int id = e.getId();
        Set<BigInteger> m = memo.get(id);
        if (m != null) return m == UNKNOWN ? null : m;
        Set<BigInteger> r = compute(e, depth);
        memo.put(id, r == null ? UNKNOWN : r);
        keep.add(e);
        return r;
    }

    private Set<BigInteger> compute(Expr<?> e, int depth) {
        if (!e.isApp()) return null;
        Z3_decl_kind k = e.getFuncDecl().getDeclKind();
        Expr<?>[] a = e.getArgs();
        switch (k) {
            case Z3_OP_ITE -> {
                Set<BigInteger> c = values(a[0], depth + 1);
                if (c != null && c.size() == 1) return values(c.contains(BigInteger.ONE) ? a[1] : a[2], depth + 1);
                return union(values(a[1], depth + 1), values(a[2], depth + 1));
            }
            case Z3_OP_NOT -> {
                return map(values(a[0], depth + 1), x -> BigInteger.ONE.subtract(x));
            }
            case Z3_OP_AND, Z3_OP_OR -> {
                boolean and = k == Z3_decl_kind.Z3_OP_AND;
                BigInteger absorbing = and ? BigInteger.ZERO : BigInteger.ONE;
                boolean allNeutral = true;
                for (Expr<?> x : a) {
                    Set<BigInteger> s = values(x, depth + 1);
                    if (s != null && s.size() == 1 && s.contains(absorbing)) return Set.of(absorbing);
                    if (s == null || s.size() != 1) allNeutral = false;
                }
                return allNeutral ? Set.of(BigInteger.ONE.subtract(absorbing)) : null;
            }
            default -> {
            }
        }
        if (a.length == 0) return null;
        List<Set<BigInteger>> args = new ArrayList<>(a.length);
        for (Expr<?> x : a) {
            Set<BigInteger> s = values(x, depth + 1);
            if (s == null) return null;
            args.add(s);
        }
        int w = e.isBV() ? ((BitVecSort) e.getSort()).getSize() : 1;
        BigInteger mod = BigInteger.ONE.shiftLeft(w);
        int aw = a[0].isBV() ? ((BitVecSort) a[0].getSort()).getSize() : 1;
        BigInteger amod = BigInteger.ONE.shiftLeft(aw);
        java.util.function.BinaryOperator<BigInteger> op = switch (k) {
            case Z3_OP_BADD -> BigInteger::add;
            case Z3_OP_BSUB -> BigInteger::subtract;
            case Z3_OP_BMUL -> BigInteger::multiply;
            case Z3_OP_BAND -> BigInteger::and;
            case Z3_OP_BOR -> BigInteger::or;
            case Z3_OP_BXOR -> BigInteger::xor;
            case Z3_OP_EQ -> (x, y) -> x.equals(y) ? BigInteger.ONE : BigInteger.ZERO;
            case Z3_OP_ULEQ -> (x, y) -> bool(x.compareTo(y) <= 0);
            case Z3_OP_ULT -> (x, y) -> bool(x.compareTo(y) < 0);
            case Z3_OP_UGEQ -> (x, y) -> bool(x.compareTo(y) >= 0);
            case Z3_OP_UGT -> (x, y) -> bool(x.compareTo(y) > 0);
            case Z3_OP_SLEQ -> (x, y) -> bool(signed(x, aw).compareTo(signed(y, aw)) <= 0);
            case Z3_OP_SLT -> (x, y) -> bool(signed(x, aw).compareTo(signed(y, aw)) < 0);
            case Z3_OP_SGEQ -> (x, y) -> bool(signed(x, aw).compareTo(signed(y, aw)) >= 0);
            case Z3_OP_SGT -> (x, y) -> bool(signed(x, aw).compareTo(signed(y, aw)) > 0);
            default -> null;
        };
        if (op != null) {
            Set<BigInteger> acc = args.get(0);
            for (int i = 1; i < args.size() && acc != null; i++) acc = combine(acc, args.get(i), op, k == Z3_decl_kind.Z3_OP_EQ || isCompare(k) ? null : mod);
            return acc;
        }
        return switch (k) {
            case Z3_OP_BNOT -> map(args.get(0), x -> mod.subtract(BigInteger.ONE).subtract(x));
            case Z3_OP_BNEG -> map(args.get(0), x -> x.negate().mod(mod));
            case Z3_OP_ZERO_EXT -> args.get(0);
            case Z3_OP_SIGN_EXT -> map(args.get(0), x -> signed(x, aw).mod(mod));
            case Z3_OP_EXTRACT -> {
                int lo = e.getFuncDecl().getParameters()[1].getInt();
                yield map(args.get(0), x -> x.shiftRight(lo).mod(mod));
            }
            case Z3_OP_CONCAT -> {
                Set<BigInteger> acc = Set.of(BigInteger.ZERO);
                for (int i = 0; i < a.length && acc != null; i++) {
                    int xw = ((BitVecSort) a[i].getSort()).getSize();
                    acc = combine(acc, args.get(i), (p, q) -> p.shiftLeft(xw).or(q), mod);
                }
                yield acc;
            }
            default -> null;
        };
    }

    private static boolean isCompare(Z3_decl_kind k) {
        return switch (k) {
            case Z3_OP_ULEQ, Z3_OP_ULT, Z3_OP_UGEQ, Z3_OP_UGT, Z3_OP_SLEQ, Z3_OP_SLT, Z3_OP_SGEQ, Z3_OP_SGT -> true;
            default -> false;
        };
    }

    private static BigInteger bool(boolean b) {
        return b ? BigInteger.ONE : BigInteger.ZERO;
    }

    private static BigInteger signed(BigInteger x, int w) {
        return x.testBit(w - 1) ? x.subtract(BigInteger.ONE.shiftLeft(w)) : x;
    }

    private static Set<BigInteger> map(Set<BigInteger> s, java.util.function.UnaryOperator<BigInteger> f) {
        if (s == null) return null;
        Set<BigInteger> out = new LinkedHashSet<>();
        for (BigInteger x : s) out.add(f.apply(x));
        return out;
    }

    private static Set<BigInteger> union(Set<BigInteger> a, Set<BigInteger> b) {
        if (a == null || b == null) return null;
        Set<BigInteger> out = new LinkedHashSet<>(a);
        out.addAll(b);
        return out.size() > MAX ? null : out;
    }

    private static Set<BigInteger> combine(Set<BigInteger> a, Set<BigInteger> b, java.util.function.BinaryOperator<BigInteger> op, BigInteger mod) {
        if (a == null || b == null || (long) a.size() * b.size() > MAX * 4L) return null;
        Set<BigInteger> out = new LinkedHashSet<>();
        for (BigInteger x : a) for (BigInteger y : b) out.add(mod == null ? op.apply(x, y) : op.apply(x, y).mod(mod));
        return out.size() > MAX ? null : out;
    }
}
