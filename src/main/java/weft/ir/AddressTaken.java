package weft.ir;

import java.util.Set;

/**
 * Variables whose address a function takes ({@code &x}, {@code &x.f}, {@code &x[i]}, array decay):
 * only the others are sure to change by assignment to them alone ({@link AddressScan} per statement). One
 * instance caches per function: the fact the analyses share (the thread-modular walk, the escape analysis).
 */
public final class AddressTaken {
    private final java.util.Map<String, Set<Variable>> byFunction = new java.util.HashMap<>();

    /** Whether {@code f} takes the address of {@code v} anywhere. */
    public boolean in(Function f, Variable v) {
        return byFunction.computeIfAbsent(f.linkName(), k -> of(f)).contains(v);
    }

    /** The variables whose address {@code f}'s statements take. */
    public static Set<Variable> of(Function f) {
        Set<Variable> taken = new java.util.HashSet<>();
        for (Edge e : f.cfg().edges()) AddressScan.stmt(e.stmt(), taken);
        return taken;
    }

    /** The variables whose address any function or global initialiser of {@code program} takes. */
    public static Set<Variable> of(Program program) {
        Set<Variable> taken = new java.util.HashSet<>();
        for (Function f : program.functions().values()) {
            for (Edge e : f.cfg().edges()) AddressScan.stmt(e.stmt(), taken);
        }
        for (Variable v : program.globals()) {
            GlobalInit init = program.init(v);
            if (init != null) for (GlobalInit.Item it : init.items()) AddressScan.expr(it.value(), taken);
        }
        return taken;
    }
}
