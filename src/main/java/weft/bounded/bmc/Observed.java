package weft.bounded.bmc;

import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.Sort;

import java.util.ArrayList;
import java.util.List;

/**
 * The expressions a model is read from (probe and resumption guards, resumption points, input values), translated
 * from the context the formula was built in into the one it was solved in, all in one translation. The formula is
 * solved as a translation into another context ({@link RaceBmc}); translating each read expression on its own
 * re-translated the formula's shared terms once per expression, which on a dev task
 * ({@code thread-join-counter-inner-race-2}) took 13 s of CPU after the solver had answered, beyond the layer's
 * budget. One translation shares its work over all of them: they are the arguments of one application of an
 * uninterpreted function that only exists for this, never part of the formula (naming them by constants in the
 * formula instead changed how Z3 searched, and a race found within 2 s took longer than its share).
 */
final class Observed {
    private Observed() {
    }

    /** {@code e}'s read expressions, built in {@code build}, as expressions of {@code ctx} (formulas unchanged). */
    @SuppressWarnings("unchecked")
    static SeqEncoder.Encoding translated(Context build, Context ctx, SeqEncoder.Encoding e) {
        List<Expr<?>> all = new ArrayList<>();
        for (SeqEncoder.Probe p : e.probes()) all.add(p.guard());
        for (SeqEncoder.Run r : e.runs()) {
            all.add(r.guard());
            all.add(r.from());
            all.add(r.to());
        }
        for (SeqEncoder.Input in : e.inputs()) {
            all.add(in.value());
            all.add(in.guard());
        }
        if (all.isEmpty()) return e;
        Sort[] sorts = all.stream().map(Expr::getSort).toArray(Sort[]::new);
        FuncDecl<?> f = build.mkFuncDecl("w_observed", sorts, build.getBoolSort());
        Expr<?>[] args = f.apply(all.toArray(new Expr<?>[0])).translate(ctx).getArgs();
        int k = 0;
        List<SeqEncoder.Probe> probes = new ArrayList<>();
        for (SeqEncoder.Probe p : e.probes()) probes.add(new SeqEncoder.Probe(p.arm(), p.slot(), p.point(), (BoolExpr) args[k++]));
        List<SeqEncoder.Run> runs = new ArrayList<>();
        for (SeqEncoder.Run r : e.runs()) {
            BoolExpr guard = (BoolExpr) args[k++];
            Expr<BitVecSort> from = (Expr<BitVecSort>) args[k++];
            runs.add(new SeqEncoder.Run(r.slot(), guard, from, (Expr<BitVecSort>) args[k++]));
        }
        List<SeqEncoder.Input> inputs = new ArrayList<>();
        for (SeqEncoder.Input in : e.inputs()) {
            Expr<BitVecSort> value = (Expr<BitVecSort>) args[k++];
            inputs.add(new SeqEncoder.Input(in.loc(), value, (BoolExpr) args[k++]));
        }
        return new SeqEncoder.Encoding(e.error(), e.cut(), inputs, runs, probes, e.approximations());
    }
}
