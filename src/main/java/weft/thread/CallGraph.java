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
 * the given functions has no known target, in which case code may run that no analysis has seen, or
 * when one of them makes a non-local jump ({@code longjmp}), which leaves the control-flow graph that
 * every analysis follows. {@link #cancels} says whether some thread may be cancelled.
 *
 * <p>Calls through function pointers may also denote library functions ({@code PointsTo#libraryCallees}):
 * thread creation, once and {@code longjmp} through a pointer make the analyses incomplete, a
 * {@code pthread_cancel} through one counts as a cancellation; other library targets are applied by the
 * thread walk and the access collection as direct calls.
 *
 * <p>Assumes: every call statement of the IR is among {@link Program#target}'s user, indirect or library
 * calls (so no non-local jump or cancellation is missed). A {@code longjmp} made from inside an unknown
 * external function (e.g. a signal handler it installs) is not seen here; such a handler escapes to
 * external code, which the pointer analysis already reports as a gap.
 */
public final class CallGraph {
    /** A call ({@code CALL}, including {@code pthread_once} routines) or thread creation ({@code CREATE}) site. */
    public record Site(Function caller, Edge edge, Kind kind, Set<Function> targets) {
        public enum Kind { CALL, CREATE }
    }

    private final Map<String, List<Site>> sites = new HashMap<>();
    private final List<Function> destructors = new ArrayList<>();
    /** Functions with a site that makes the analyses incomplete, with the reason. */
    private final Map<String, String> incomplete = new HashMap<>();
    private final Set<String> cancelling = new java.util.HashSet<>();
    private final Map<String, List<UnresolvedCall>> unresolved = new HashMap<>();

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
                        if (routines.isEmpty()) gap(f, call, NO_ROUTINE + " (" + lib.model().name() + ")");
                        else routineGaps(pts, f, call, lib.model(), routines);
                        list.add(new Site(f, e, ev instanceof Event.ThreadCreate ? Site.Kind.CREATE : Site.Kind.CALL, Collections.unmodifiableSet(routines)));
                    } else if (ev instanceof Event.NonLocalJump) {
                        incomplete.put(f.linkName(), "non-local jump (" + lib.model().name() + ") at " + call.loc());
                    } else if (ev instanceof Event.ThreadCancel) {
                        cancelling.add(f.linkName());
                    }
                } else if (target instanceof CallTarget.User || target instanceof CallTarget.Indirect) {
                    Set<Function> callees = new LinkedHashSet<>(pts.callees(f.linkName(), call));
                    List<CallTarget> libs = pts.libraryCallees(call);
                    if (target instanceof CallTarget.Indirect ind) {
                        if (callees.isEmpty() && libs.isEmpty()) gap(f, call, NO_TARGET);
                        else if (pts.mayDenoteUnknownCode(ind.pointer())) gap(f, call, UNKNOWN_TARGET);
                    }
                    boolean creates = false;
                    for (CallTarget lt : libs) creates |= indirectLibrary(f, call, lt);
                    list.add(new Site(f, e, Site.Kind.CALL, Collections.unmodifiableSet(callees)));
                    if (creates) {
                        // thread creation through a pointer: a create site as a direct call would be
                        Set<Function> routines = new LinkedHashSet<>(pts.threadRoutines(f.linkName(), call));
                        if (routines.isEmpty()) gap(f, call, NO_ROUTINE + " (thread creation through a function pointer)");
                        list.add(new Site(f, e, Site.Kind.CREATE, Collections.unmodifiableSet(routines)));
                    }
                }
            }
            sites.put(f.linkName(), List.copyOf(list));
        }
        for (String d : pts.threadDestructors()) {
            Function g = program.function(d);
            if (g != null) destructors.add(g);
        }
    }

    /** Records a site that makes the analyses incomplete, in its function and in the list of unresolved calls. */
    private void gap(Function f, Stmt.Call call, String reason) {
        incomplete.putIfAbsent(f.linkName(), reason + " at " + call.loc());
        unresolved.computeIfAbsent(f.linkName(), k -> new ArrayList<>()).add(new UnresolvedCall(f.linkName(), call.loc(), reason));
    }

    /** A start routine argument that may also be a pointer the analysis cannot name. */
    private void routineGaps(PointsTo pts, Function f, Stmt.Call call, weft.model.LibraryModel model, Set<Function> routines) {
        Event ev = model.event();
        int arg = ev instanceof Event.ThreadCreate tc ? tc.routineArg() : ev instanceof Event.Once o ? o.routineArg() : -1;
        if (arg >= 0 && arg < call.args().size() && pts.mayDenoteUnknownCode(call.args().get(arg))) {
            gap(f, call, "start routine of " + model.name() + " may be code the analysis cannot name");
        }
    }

    /**
     * A library function a function pointer may denote: thread creation through a pointer is a create site
     * (returns true); once and non-local jumps through a pointer are gaps (the CFG-based analyses follow only
     * direct ones); a cancellation counts as one.
     */
    private boolean indirectLibrary(Function f, Stmt.Call call, CallTarget lt) {
        if (!(lt instanceof CallTarget.Library lib)) return false;
        Event ev = lib.model().event();
        if (ev instanceof Event.ThreadCreate) return true;
        if (ev instanceof Event.Once || ev instanceof Event.NonLocalJump) {
            gap(f, call, lib.model().name() + " called through a function pointer");
        } else if (ev instanceof Event.ThreadCancel) {
            cancelling.add(f.linkName());
        }
        return false;
    }

    /** Thread-specific data destructors: every thread may run them when it ends. */
    public List<Function> destructors() {
        return destructors;
    }

    public List<Site> sites(String function) {
        return sites.getOrDefault(function, List.of());
    }

    private static final String NO_TARGET = "call through a function pointer with no known target";
    private static final String UNKNOWN_TARGET = "call through a function pointer that may hold code the analysis cannot name";
    private static final String NO_ROUTINE = "thread creation or once with no known start routine";

    /**
     * Calls through function pointers and start routines in the given functions that the analyses could
     * not follow completely (no known target, or possibly code they cannot name), in function order.
     */
    public List<UnresolvedCall> unresolved(java.util.Collection<String> functions) {
        List<UnresolvedCall> out = new ArrayList<>();
        for (String f : new java.util.TreeSet<>(functions)) out.addAll(unresolved.getOrDefault(f, List.of()));
        return out;
    }

    /** Whether every call and create site in the given functions has a known target and none jumps non-locally. */
    public boolean complete(java.util.Collection<String> functions) {
        return incompleteReason(functions) == null;
    }

    /** Why some site of the given functions makes the analyses incomplete, or null if none does. */
    public String incompleteReason(java.util.Collection<String> functions) {
        for (String f : functions) if (incomplete.containsKey(f)) return incomplete.get(f);
        return null;
    }

    /** Whether one of the given functions may cancel a thread ({@code pthread_cancel}). */
    public boolean cancels(java.util.Collection<String> functions) {
        for (String f : functions) if (cancelling.contains(f)) return true;
        return false;
    }
}
