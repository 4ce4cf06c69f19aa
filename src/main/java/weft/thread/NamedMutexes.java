package weft.thread;

import weft.ir.AddressScan;
import weft.ir.AddressTaken;
import weft.ir.CType;
import weft.ir.CallTarget;
import weft.ir.Cfg;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.Function;
import weft.ir.GlobalInit;
import weft.ir.Lvalue;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.model.Event;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Plain integers used as synchronisation state (a counter of live threads, a ready flag) and the mutexes that guard
 * them, named directly: the facts {@link CounterJoins}, {@link PublicationFlags} and {@link StopFlags} share. A
 * <em>cell</em> is a file-scope (or static local) variable, or a member of a unique object ({@code pool->alive},
 * {@link MemberCells}, named by a synthetic variable). A <em>candidate</em> is an integer cell that nothing but its own
 * accesses reaches (a variable never address-taken; a member cell {@link MemberCells#isolated}), that is
 * zero-initialised ({@link #integers} drops that condition), and that no external code can write (internal linkage, or
 * a program without external functions; a member's object never escaped), in a program without inline assembly; its
 * writes are all plain assignments, listed here ({@link #writes}). Held mutexes are a must dataflow within one function
 * ({@link #held}).
 *
 * <p>Soundness of {@link #held}: the mutex is held at a node only if on every path from the function's entry (where it
 * counts as not held) a {@code lock} of it (not a trylock) or a condition wait on it came last among the operations
 * that may release it: an unlock of it or of a mutex not named directly, a call of program code or of code outside the
 * program (which may unlock it), a library call given a function (which may call back), inline assembly. So the
 * facts hold whatever the callers held. A mutex named by two cells would be two mutexes here; it cannot be: a cell is
 * one place of memory (a variable, or one offset of an object that stands for one object of the run), and an argument
 * that may name more than one place is named by no cell.
 */
public final class NamedMutexes {
    /** A write of a global: the function and edge. */
    public record Write(Function fn, Edge e) {}

    private final Program program;
    private final MemberCells members;
    private Map<weft.ir.Variable, List<Write>> integers;
    private Map<weft.ir.Variable, List<Write>> candidates;

    public NamedMutexes(Program program, weft.access.Regions regions, ObjectMultiplicity objects) {
        this.program = program;
        this.members = new MemberCells(program, regions, objects);
    }

    /** The candidates with their writes (every write is a plain assignment {@code v = ...}). */
    public synchronized Map<weft.ir.Variable, List<Write>> candidates() {
        if (candidates == null) {
            Map<weft.ir.Variable, List<Write>> z = new HashMap<>(integers());
            z.keySet().removeIf(v -> !zeroInitialised(v));
            candidates = Map.copyOf(z);
        }
        return candidates;
    }

    /** As {@link #candidates}, whatever the initial value (a stop flag starts set: {@link StopFlags}). */
    public synchronized Map<weft.ir.Variable, List<Write>> integers() {
        if (integers == null) integers = Map.copyOf(scan());
        return integers;
    }

    /** {@link #integers} that are variables of the program (for idioms that do not handle member cells yet). */
    public Map<weft.ir.Variable, List<Write>> variableIntegers() {
        Map<weft.ir.Variable, List<Write>> out = new HashMap<>(integers());
        out.keySet().removeIf(MemberCells::isMember);
        return out;
    }

    private Map<weft.ir.Variable, List<Write>> scan() {
        Map<weft.ir.Variable, List<Write>> out = new HashMap<>();
        Set<weft.ir.Variable> rejected = new HashSet<>();
        for (Function fn : program.functions().values()) {
            for (Edge e : fn.cfg().edges()) {
                if (e.stmt() instanceof Stmt.Asm) return Map.of();
                Lvalue lhs = e.stmt() instanceof Stmt.Assign a ? a.lhs() : e.stmt() instanceof Stmt.Call c ? c.result() : null;
                weft.ir.Variable v = lhs == null ? null : cell(fn, lhs);
                if (v == null) continue;
                // a member's initialisers give its initial value: not writes
                if (MemberCells.isMember(v) && v.type() instanceof CType.Int && members.initialisers(v).contains(e)) continue;
                if (e.stmt() instanceof Stmt.Assign) out.computeIfAbsent(v, k -> new ArrayList<>()).add(new Write(fn, e));
                else rejected.add(v);
            }
        }
        Set<weft.ir.Variable> taken = AddressTaken.of(program);
        out.keySet().removeIf(v -> rejected.contains(v) || !(v.type().unqualified() instanceof CType.Int) || (MemberCells.isMember(v)
                ? !members.isolated(v) : taken.contains(v) || !program.internalLinkage(v) && !program.externals().isEmpty()));
        return out;
    }

    private boolean zeroInitialised(weft.ir.Variable c) {
        if (MemberCells.isMember(c)) return members.zeroInitialised(c);
        return zeroIn(program.init(c), 0, c.type().size());
    }

    /** Whether static initialiser {@code init} (null: none) stores only zeros in bytes {@code [lo, hi)}. */
    static boolean zeroIn(GlobalInit init, long lo, long hi) {
        if (init == null) return true;
        for (GlobalInit.Item it : init.items()) {
            long size = Math.max(it.type().size(), 1);
            if (it.offset() < hi && lo < it.offset() + size && !(it.value() instanceof Expr.IntConst k && k.value() == 0)) return false;
        }
        return true;
    }

    /** The file-scope or static local variable {@code lv} is, or null. */
    public static weft.ir.Variable global(Lvalue lv) {
        return lv instanceof Lvalue.Var v && (v.variable().kind() == weft.ir.Variable.Kind.GLOBAL
                || v.variable().kind() == weft.ir.Variable.Kind.STATIC_LOCAL) ? v.variable() : null;
    }

    /** The cell {@code lv} designates in {@code fn}: a file-scope or static local variable, a member cell; or null. */
    public weft.ir.Variable cell(Function fn, Lvalue lv) {
        weft.ir.Variable v = global(lv);
        return v != null ? v : members.cell(fn, lv);
    }

    /** The cell argument {@code i} of a call in {@code fn} names as {@code &c}, or null. */
    public weft.ir.Variable named(Function fn, List<Expr> args, int i) {
        if (i < 0 || i >= args.size()) return null;
        Expr a = args.get(i);
        while (a instanceof Expr.Cast k) a = k.operand();
        return a instanceof Expr.AddrOf ad ? cell(fn, ad.lvalue()) : null;
    }

    /** The library event of {@code e}'s call, or null. */
    public Event event(Edge e) {
        if (!(e.stmt() instanceof Stmt.Call c)) return null;
        return program.target(c) instanceof CallTarget.Library lib ? lib.model().event() : null;
    }

    private final Map<String, Set<weft.ir.Variable>> lockedInCache = new java.util.concurrent.ConcurrentHashMap<>();

    /** The mutex cells {@code fn} locks by name (computed once per function: {@link #heldAt} asks it per write). */
    public Set<weft.ir.Variable> lockedIn(Function fn) {
        return lockedInCache.computeIfAbsent(fn.linkName(), k -> computeLockedIn(fn));
    }

    private Set<weft.ir.Variable> computeLockedIn(Function fn) {
        Set<weft.ir.Variable> out = new LinkedHashSet<>();
        for (Edge e : fn.cfg().edges()) {
            if (event(e) instanceof Event.Lock l && l.kind() == Event.LockKind.MUTEX && !l.trying()) {
                weft.ir.Variable v = named(fn, ((Stmt.Call) e.stmt()).args(), l.lockArg());
                if (v != null) out.add(v);
            }
        }
        return java.util.Collections.unmodifiableSet(out);
    }

    /** Per (function, mutex): {@link #held}, computed once (the idioms ask it for every write and every candidate). */
    private final java.util.Map<List<Object>, BitSet> heldCache = new java.util.concurrent.ConcurrentHashMap<>();

    /** The nodes of {@code fn} where {@code lock} is held on every path (see the class comment); read only. */
    public BitSet held(Function fn, weft.ir.Variable lock) {
        return heldCache.computeIfAbsent(List.of(fn.linkName(), lock), k -> computeHeld(fn, lock));
    }

    /** A mutex cell named directly that is held (on every path) where {@code e} of {@code fn} starts, or null. */
    public weft.ir.Variable heldAt(Function fn, Edge e) {
        weft.ir.Variable held = null;
        for (weft.ir.Variable l : lockedIn(fn)) if (held(fn, l).get(e.from())) held = l;
        return held;
    }

    private BitSet computeHeld(Function fn, weft.ir.Variable lock) {
        return mustFlow(fn, (e, in) -> {
            Stmt s = e.stmt();
            if (!(s instanceof Stmt.Call c)) return !(s instanceof Stmt.Asm) && in;
            if (!(program.target(c) instanceof CallTarget.Library lib)) return false;
            Event ev = lib.model().event();
            if (!(ev instanceof Event.ThreadCreate) && callsBack(c)) return false;
            if (ev instanceof Event.Lock l) {
                return !l.trying() && l.mode() == Event.Mode.WRITE && lock.equals(named(fn, c.args(), l.lockArg())) || in;
            }
            if (ev instanceof Event.Unlock u) {
                weft.ir.Variable v = named(fn, c.args(), u.lockArg());
                return v != null && !v.equals(lock) && in;
            }
            if (ev instanceof Event.CondWait w) {
                weft.ir.Variable m = named(fn, c.args(), w.mutexArg());
                return lock.equals(m) || in && m != null;
            }
            return in;
        });
    }

    /** Whether a library call is given a function (which it may call in this thread). */
    static boolean callsBack(Stmt.Call c) {
        Set<String> refs = new HashSet<>();
        for (Expr a : c.args()) {
            AddressScan.functionRefs(a, refs);
            if (a.type().isPointer() && a.type().pointee() instanceof CType.Function) return true;
        }
        return !refs.isEmpty();
    }

    /**
     * A forward must dataflow of one bit over {@code fn}: false at the entry, the meet is and; the nodes where the bit
     * is set (unreached nodes are not).
     */
    public static BitSet mustFlow(Function fn, BiFunction<Edge, Boolean, Boolean> transfer) {
        Cfg cfg = fn.cfg();
        BitSet val = new BitSet();
        val.set(0, cfg.nodeCount());
        val.clear(cfg.entry());
        BitSet reached = new BitSet();
        reached.set(cfg.entry());
        boolean changed = true;
        int[] order = cfg.nodesInReversePostOrder();
        while (changed) {
            changed = false;
            for (int n : order) {
                if (!reached.get(n)) continue;
                for (Edge e : cfg.out(n)) {
                    boolean v = transfer.apply(e, val.get(n));
                    if (!reached.get(e.to())) {
                        reached.set(e.to());
                        val.set(e.to(), v);
                        changed = true;
                    } else if (!v && val.get(e.to()) && e.to() != cfg.entry()) {
                        val.clear(e.to());
                        changed = true;
                    }
                }
            }
        }
        val.and(reached);
        return val;
    }

    /** A condition on a variable, normalised to {@code v op k}. */
    public record Test(Expr.BinOp op, long k) {}

    /**
     * {@code cond} being {@code positive} as {@code v op k} (op a comparison), or null when it is not a comparison of
     * {@code v} with a constant: negations are folded into the operator, a truth test of {@code v} is {@code v != 0},
     * conversions are looked through only where they keep the value (to an integer type at least as wide, or to
     * {@code _Bool} as the whole condition, a truth test either way).
     */
    public Test test(Function fn, Expr cond, boolean positive, weft.ir.Variable v) {
        Expr e = cond;
        boolean p = positive;
        while (true) {
            if (e instanceof Expr.Unary u && u.op() == Expr.UnOp.NOT) {
                e = u.operand();
                p = !p;
            } else if (e instanceof Expr.Cast k && k.type().unqualified() instanceof CType.Int ki
                    && (ki.size() >= v.type().size() || weft.ir.IntConversions.isBool(ki))) {
                e = k.operand();
            } else {
                break;
            }
        }
        if (isLoadOf(fn, e, v)) return new Test(p ? Expr.BinOp.NE : Expr.BinOp.EQ, 0);
        if (!(e instanceof Expr.Binary b) || !b.op().isComparison()) return null;
        Expr.BinOp op = b.op();
        Expr other;
        if (isLoadOf(fn, b.left(), v)) {
            other = b.right();
        } else if (isLoadOf(fn, b.right(), v)) {
            other = b.left();
            op = switch (op) {
                case LT -> Expr.BinOp.GT;
                case LE -> Expr.BinOp.GE;
                case GT -> Expr.BinOp.LT;
                case GE -> Expr.BinOp.LE;
                default -> op;
            };
        } else {
            return null;
        }
        while (other instanceof Expr.Cast k) other = k.operand();
        if (!(other instanceof Expr.IntConst kc)) return null;
        if (!p) {
            op = switch (op) {
                case EQ -> Expr.BinOp.NE;
                case NE -> Expr.BinOp.EQ;
                case LT -> Expr.BinOp.GE;
                case LE -> Expr.BinOp.GT;
                case GT -> Expr.BinOp.LE;
                case GE -> Expr.BinOp.LT;
                default -> op;
            };
        }
        return new Test(op, kc.value());
    }

    /**
     * Whether {@code e} (in {@code fn}) reads cell {@code c}, through conversions to integer types at least as wide
     * (which keep its value).
     */
    public boolean isLoadOf(Function fn, Expr e, weft.ir.Variable c) {
        e = valueOf(e, c);
        return e instanceof Expr.Load l && c.equals(cell(fn, l.lvalue()));
    }

    /** Whether {@code e} reads variable {@code v} of the program, as {@link #isLoadOf(Function, Expr, weft.ir.Variable)}. */
    public static boolean isLoadOf(Expr e, weft.ir.Variable v) {
        e = valueOf(e, v);
        return e instanceof Expr.Load l && l.lvalue() instanceof Lvalue.Var lv && lv.variable().equals(v);
    }

    /** {@code e} without the conversions that keep the value of {@code c}. */
    private static Expr valueOf(Expr e, weft.ir.Variable c) {
        while (e instanceof Expr.Cast k && k.type().unqualified() instanceof CType.Int ki && ki.size() >= c.type().size()
                && !weft.ir.IntConversions.isBool(ki)) {
            e = k.operand();
        }
        return e;
    }
}
