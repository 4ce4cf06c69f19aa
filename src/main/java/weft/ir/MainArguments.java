package weft.ir;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Which of {@code main}'s parameters ({@code argc}, {@code argv}, {@code envp}) its body names: read, assigned or
 * address taken anywhere. Those carry the program's inputs; a parameter never named cannot influence the run. The
 * exhaustive exploration meets an input when the set is not empty, and the bounded layer's sequentialised program
 * chooses {@code argc} freely, or, once {@code argv} or {@code envp} is named, the one start both layers model.
 */
public final class MainArguments {
    private MainArguments() {
    }

    /** The parameters of {@code main} named in its body, in declaration order. */
    public static Set<Variable> named(Function main) {
        Set<Variable> names = new HashSet<>();
        for (Edge e : main.cfg().edges()) AddressScan.variables(e.stmt(), names);
        Set<Variable> out = new LinkedHashSet<>();
        for (Variable p : main.params()) if (names.contains(p)) out.add(p);
        return out;
    }
}
