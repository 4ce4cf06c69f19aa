package weft.bounded.bmc;

import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Sort;

import java.util.ArrayList;
import java.util.List;

/**
 * The encoding with every expression a model is read from (probe and resumption guards, resumption points, input
 * values) replaced by a fresh constant that the error formula defines as equal to it. The formula is solved as a
 * translation into another context ({@link RaceBmc}), and each expression read from the model must be translated
 * too: translating the expressions themselves re-translated their shared terms once per expression, which on a
 * dev task ({@code thread-join-counter-inner-race-2}) took 13 s of CPU after the solver had answered, beyond the
 * layer's budget. A constant translates at once. The definitions only name terms, so the formula has the same
 * models (extended by the names' values) and is satisfiable exactly when the encoding's is.
 */
final class Observed {
    private final Context ctx;
    private final List<BoolExpr> definitions = new ArrayList<>();

    private Observed(Context ctx) {
        this.ctx = ctx;
    }

    /** {@code e} (built in {@code ctx}) with its observed expressions named, in a fixed order (same formula, same names). */
    static SeqEncoder.Encoding name(Context ctx, SeqEncoder.Encoding e) {
        Observed o = new Observed(ctx);
        List<SeqEncoder.Probe> probes = new ArrayList<>();
        for (SeqEncoder.Probe p : e.probes()) probes.add(new SeqEncoder.Probe(p.arm(), p.slot(), p.point(), o.bool(p.guard())));
        List<SeqEncoder.Run> runs = new ArrayList<>();
        for (SeqEncoder.Run r : e.runs()) runs.add(new SeqEncoder.Run(r.slot(), o.bool(r.guard()), o.bv(r.from()), o.bv(r.to())));
        List<SeqEncoder.Input> inputs = new ArrayList<>();
        for (SeqEncoder.Input in : e.inputs()) inputs.add(new SeqEncoder.Input(in.loc(), o.bv(in.value()), o.bool(in.guard())));
        o.definitions.add(0, e.error());
        BoolExpr error = ctx.mkAnd(o.definitions.toArray(new BoolExpr[0]));
        return new SeqEncoder.Encoding(error, e.cut(), inputs, runs, probes, e.approximations());
    }

    private BoolExpr bool(BoolExpr x) {
        return (BoolExpr) named(x);
    }

    @SuppressWarnings("unchecked")
    private Expr<BitVecSort> bv(Expr<BitVecSort> x) {
        return (Expr<BitVecSort>) named(x);
    }

    private <S extends Sort> Expr<S> named(Expr<S> x) {
        if (x.isConst() || x.isNumeral() || x.isTrue() || x.isFalse()) return x;
        Expr<S> c = ctx.mkConst("w_obs_" + definitions.size(), x.getSort());
        definitions.add(ctx.mkEq(c, x));
        return c;
    }
}
