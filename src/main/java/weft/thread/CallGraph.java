package weft.thread;

import weft.ir.CallTarget;
import weft.ir.Edge;
import weft.ir.Function;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.model.Event;
import weft.pointer.PointsTo;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Call and thread-creation sites of every function, with their targets resolved through the pointer
 * analysis (function pointers included). {@link #complete} is false when some call or create site of
 * the given functions has no known target, in which case code may run that no analysis has seen.
 */
public final class CallGraph {
    /** A call ({@code CALL}, including {@code pthread_once} routines) or thread creation ({@code CREATE}) site. */
    public record Site(Function caller, Edge edge, Kind kind, Set<Function> targets) {
        public enum Kind { CALL, CREATE }
    }

    private final Map<String, List<Site>> sites = new HashMap<>();
    private final List<Function> destructors = new ArrayList<>();
    private final Set<String> incomplete = new java.util.HashSet<>();

    public CallGraph(Program program, PointsTo pts) {
        for (Function f : program.functions().values()) {
            List<Site> list = new ArrayList<>();
            for (Edge e : f.cfg().edges()) {
                if (!(e.stmt() instanceof Stmt.Call call)) continue;
                CallTarget target = program.target(call);
                if (target instanceof CallTarget.Library lib) {
                    Event ev = lib.model().event();
                    if (ev instanceof Event.ThreadCreate || ev instanceof Event.Once) {
                        Set<Function> routines = new LinkedHashSet<>(pts.threadRoutines(f.linkName(), call));
                        if (routines.isEmpty()) incomplete.add(f.linkName());
                        list.add(new Site(f, e, ev instanceof Event.ThreadCreate ? Site.Kind.CREATE : Site.Kind.CALL, Collections.unmodifiableSet(routines)));
                    }
                } else if (target instanceof CallTarget.User || target instanceof CallTarget.Indirect) {
                    Set<Function> callees = new LinkedHashSet<>(pts.callees(f.linkName(), call));
                    if (callees.isEmpty() && target instanceof CallTarget.Indirect) incomplete.add(f.linkName());
                    list.add(new Site(f, e, Site.Kind.CALL, Collections.unmodifiableSet(callees)));
                }
            }
            sites.put(f.linkName(), List.copyOf(list));
        }
        for (String d : pts.threadDestructors()) {
            Function g = program.function(d);
            if (g != null) destructors.add(g);
        }
    }

    /** Thread-specific data destructors: every thread may run them when it ends. */
    public List<Function> destructors() {
        return destructors;
    }

    public List<Site> sites(String function) {
        return sites.getOrDefault(function, List.of());
    }

    /** Whether every call and create site in the given functions has a known target. */
    public boolean complete(java.util.Collection<String> functions) {
        for (String f : functions) if (incomplete.contains(f)) return false;
        return true;
    }
}
