package weft.value;

import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Program;

import java.util.HashMap;
import java.util.Map;

/** Interval analysis results per function, computed on first use. */
public final class IntervalCache {
    private final Program program;
    private final Map<String, Intervals> cache = new HashMap<>();
    private final java.util.Set<weft.ir.Variable> threadLocals;
    private final java.util.Set<weft.ir.Variable> mainGlobals;

    public IntervalCache(Program program) {
        this.program = program;
        this.threadLocals = Intervals.threadLocals(program);
        this.mainGlobals = Intervals.mainOnlyGlobals(program);
    }

    public Intervals of(Function f) {
        return cache.computeIfAbsent(f.linkName(), k -> Intervals.analyze(f, program, threadLocals, mainGlobals));
    }

    public Interval eval(Function f, int node, Expr e) {
        return of(f).eval(node, e);
    }

    public boolean reachable(Function f, int node) {
        return of(f).reachable(node);
    }
}
