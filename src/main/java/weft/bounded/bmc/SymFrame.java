package weft.bounded.bmc;

import weft.smt.ExprEncoder;
import weft.ir.AddressScan;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Variable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The locals of one instance of a function of the sequential program: <em>registers</em> (parameters, locals and
 * temporaries of integer or pointer type whose address the function never takes: only its own statements can change
 * them, so the encoding follows them in SSA) and <em>objects</em> (every other local, in memory at an address of its
 * own for this instance).
 */
final class SymFrame {
    private final Function function;
    private final Set<Variable> registers = new HashSet<>();
    private final Map<Variable, Long> objects = new HashMap<>();

    SymFrame(Function f, SymMemory memory) {
        this.function = f;
        Set<Variable> taken = weft.ir.AddressTaken.of(f);
        List<Variable> all = new ArrayList<>(f.params());
        all.addAll(f.locals());
        for (Variable v : all) {
            boolean local = v.kind() == Variable.Kind.LOCAL || v.kind() == Variable.Kind.PARAM || v.kind() == Variable.Kind.TEMP;
            if (!local) continue;
            boolean scalar = ExprEncoder.intType(v.type()) != null || v.type().unqualified() instanceof weft.ir.CType.Pointer;
            if (scalar && !taken.contains(v)) registers.add(v);
            else objects.put(v, memory.frameObject(v.type().size() < 0 ? 1024 : v.type().size()));
        }
    }

    Function function() {
        return function;
    }

    boolean isRegister(Variable v) {
        return registers.contains(v);
    }

    /** The address of local object {@code v} in this instance, or -1 if it is no local object of it. */
    long objectAddress(Variable v) {
        return objects.getOrDefault(v, -1L);
    }
}
