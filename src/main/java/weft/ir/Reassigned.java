package weft.ir;


import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Variables a function assigns by name: the left side of an assignment, the result of a call, a
 * declaration. A parameter that is neither assigned nor has its address taken ({@link AddressTaken})
 * keeps the value of the call's argument for the whole call. One instance caches per function.
 */
public final class Reassigned {
    private final Map<String, Set<Variable>> byFunction = new HashMap<>();

    /** Whether {@code f} assigns {@code v} by name anywhere. */
    public boolean in(Function f, Variable v) {
        return byFunction.computeIfAbsent(f.linkName(), k -> {
            Set<Variable> seen = new HashSet<>();
            for (Edge e : f.cfg().edges()) {
                Stmt s = e.stmt();
                if (s instanceof Stmt.Assign a && a.lhs() instanceof Lvalue.Var lv) seen.add(lv.variable());
                if (s instanceof Stmt.Call c && c.result() instanceof Lvalue.Var lv) seen.add(lv.variable());
                if (s instanceof Stmt.Decl d) seen.add(d.variable());
            }
            return seen;
        }).contains(v);
    }
}
