package weft.bounded.seq;

import weft.ir.AddressScan;
import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Variable;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the thread emitters of one sequentialisation share: the program, the bounds, the thread slots created so far
 * (one per {@code pthread_create} occurrence of the bounded program, in order of discovery), the static objects that
 * hold the threads' locals, the prototypes of external functions called, and the notes on what the bounded program
 * leaves out (printed in the header).
 */
final class SeqState {
    /** A thread instance: its index and its start routine. */
    record Slot(int index, Function routine) {}

    final Program program;
    final SeqOptions options;
    final AccessFilter filter;
    /** The longest sequential program (characters, all threads together) worth emitting. */
    final int maxText;
    final CTypes types = new CTypes();
    final StringBuilder statics = new StringBuilder();
    final Map<String, String> prototypes = new LinkedHashMap<>();
    final Set<String> notes = new LinkedHashSet<>();
    final List<Slot> slots = new ArrayList<>();
    /** Objects whose address some statement takes: only these (and globals) can be reached by another thread. */
    final Set<Variable> addressTaken = new HashSet<>();
    /** The joins whose id certainly names a started thread slot. */
    final CreatedIds createdIds;
    private final Map<String, Integer> fnIds = new LinkedHashMap<>();
    boolean cutOffs;
    /** Characters of the threads' bodies emitted before the current one. */
    int emitted;

    SeqState(Program program, SeqOptions options, AccessFilter filter, int maxText) {
        this.program = program;
        this.options = options;
        this.filter = filter;
        this.maxText = maxText;
        this.createdIds = new CreatedIds(program);
        addressTaken.addAll(weft.ir.AddressTaken.of(program));
        for (Function f : program.functions().values()) {
            for (Edge e : f.cfg().edges()) AddressScan.addressedFunctions(e.stmt(), addressedFunctions);
        }
        for (Variable g : program.globals()) {
            weft.ir.GlobalInit gi = program.init(g);
            if (gi != null) for (weft.ir.GlobalInit.Item it : gi.items()) AddressScan.functionRefs(it.value(), addressedFunctions);
        }
    }

    /** Functions whose address the program takes (as a value, not as a direct callee), in program order. */
    final Set<String> addressedFunctions = new java.util.TreeSet<>();

    /** The integer a program function's address is printed as. */
    long fnAddress(String name) {
        return 0x1000L + 16L * fnIds.computeIfAbsent(name, k -> fnIds.size() + 1);
    }

    /** The name of a static-storage object (global, static local, string literal). */
    static String globalName(Variable v) {
        return (v.kind() == Variable.Kind.STRING ? "w_str" : "g_" + sanitize(v.name())) + "_" + v.id();
    }

    static String sanitize(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) sb.append(Character.isLetterOrDigit(c) && c < 128 || c == '_' ? c : '_');
        return sb.length() > 40 ? sb.substring(0, 40) : sb.toString();
    }

    /** Prints a function's address: a library function by name, a program function as a distinct integer. */
    String fnRef(Expr.FuncRef f) {
        if (program.function(f.name()) == null) {
            prototype(f.name(), f.type());
            return f.name();
        }
        return "(" + types.cast(f.type()) + "(unsigned long)" + fnAddress(f.name()) + "UL)";
    }

    /** Records the prototype of an external function called or named (none for the compiler's builtins). */
    void prototype(String name, CType type) {
        if (name.startsWith("__builtin") || name.startsWith("__atomic") || name.startsWith("__sync")
                || name.startsWith("__c11") || prototypes.containsKey(name)) return;
        CType t = type.unqualified();
        if (t instanceof CType.Pointer p) t = p.target().unqualified();
        if (!(t instanceof CType.Function)) return;
        prototypes.put(name, "extern " + types.decl(t, name) + ";");
    }

    /** Whether a slot may still be created within the thread bound. */
    int newSlot(Function routine) {
        if (slots.size() >= options.threads()) return -1;
        slots.add(new Slot(slots.size(), routine));
        return slots.size() - 1;
    }
}
