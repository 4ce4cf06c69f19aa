package weft.soundness;

import weft.soundness.GenProgram.Fn;
import weft.soundness.GenProgram.Node;

import java.util.List;

/**
 * How {@link ProgramGenerator} writes one access to an object of the default mutex discipline: locked and unlocked
 * around it (directly, through wrappers, conditionally on a flag main set, by a successful trylock, in a loop, in a
 * helper, with a VLA whose size reads the object), or, for a hole, breaking the discipline. Sometimes (issue 31's
 * constructs) the access is made under an indeterminate value ({@link IndeterminateForms}), and a hole's access behind
 * a formatted text ({@link FormatForms}). Shares the generator's
 * state of the program being generated.
 */
final class LockAccess {
    private final ProgramGenerator g;

    LockAccess(ProgramGenerator g) {
        this.g = g;
    }

    /**
     * Sometimes (issues 31 and 32's constructs) the access {@code body} made through a variadic helper, through a pointer an
     * installed library hands back, through a pointer with 65 possible targets, behind a condition the C library computes
     * (issue 35), or under an indeterminate value instead.
     */
    String indeterminate(ProgramGenerator.Obj o, String lv, int op, String body) {
        if (!g.options.newForms() || o.kind.name().startsWith("ATOMIC")) return body;
        if (g.nrnd.nextInt(10) == 0) return VariadicForms.access(g.decls, g.nrnd, lv, a -> g.forms.plainOp(a, op));
        if (g.nrnd.nextInt(12) == 0) return LibraryForms.access(g.decls, lv, a -> g.forms.plainOp(a, op));
        if (g.nrnd.nextInt(12) == 0) return WideTargetForms.access(g.decls, lv, a -> g.forms.plainOp(a, op), g.nrnd.nextInt(3));
        if (g.nrnd.nextInt(g.options.truthOneIn()) == 0) return LibraryForms.behindLibraryTruth(g.decls, body, g.nrnd);
        boolean member = o.kind == ProgramGenerator.Kind.MEMBER_ARRAY;
        // a member array's step at an uninitialised offset, more often than the other forms: it bites only beside
        // a hole on a sibling member
        if (member && g.nrnd.nextInt(4) == 0) return g.indet.access(IndeterminateForms.Form.STEP, lv, o.name + ".buf", a -> g.forms.plainOp(a, op));
        if (g.nrnd.nextInt(8) != 0) return body;
        var forms = IndeterminateForms.Form.fitting(o.kind == ProgramGenerator.Kind.ARRAY || o.kind == ProgramGenerator.Kind.HEAP || member, member);
        var f = forms.get(g.nrnd.nextInt(forms.size()));
        return g.indet.access(f, lv, member ? o.name + ".buf" : o.name, a -> g.forms.plainOp(a, op));
    }

    private String lock(String l) {
        if (g.rnd.nextInt(3) == 0) {
            g.wrappers = true;
            return "acquire(" + l + ");";
        }
        return "pthread_mutex_lock(" + l + ");";
    }

    private String unlock(String l) {
        if (g.rnd.nextInt(3) == 0) {
            g.wrappers = true;
            return "release(" + l + ");";
        }
        return "pthread_mutex_unlock(" + l + ");";
    }

    private String nondet(int lo, int hi, String var) {
        int k = g.nondets.size();
        g.nondets.add(new GenProgram.Nondet(lo, hi));
        return "int " + var + " = $N" + k + "$; __VERIFIER_assume(" + var + " >= " + lo + " && " + var + " <= " + hi + ");";
    }

    Node mutexAccess(ProgramGenerator.Obj o, String lv, int op, int u, Hole h) {
        String l = o.lock;
        String body = g.forms.viaPointer(o.atomicKind(), lv, op);
        if (h == null) body = indeterminate(o, lv, op, body);
        Node acc = Node.stmt(-1, body, true);
        if (h == null) {
            switch (g.rnd.nextInt(7)) {
                case 0: // conditional locking on a flag main set before the threads
                    return Node.block(u, "{", List.of(Node.stmt(-1, "if (lockflag) " + lock(l), false), acc,
                            Node.stmt(-1, "if (lockflag) " + unlock(l), false)), "}");
                case 1:
                    return Node.block(u, "if (pthread_mutex_trylock(" + l + ") == 0) {", List.of(acc, Node.stmt(-1, unlock(l), false)), "}");
                case 2:
                    return Node.block(u, "for (int i = 0; i < 2; i++) {", List.of(Node.stmt(-1, lock(l), false), acc,
                            Node.stmt(-1, unlock(l), false)), "}");
                case 3: { // the access in a helper, called directly or through a function pointer
                    String f = "op" + g.names++;
                    g.helpers.add(new Fn("int " + f + "(void)", List.of(Node.stmt(-1, "int r = 0;", false), Node.stmt(-1, body, true)), "return r;", false));
                    String call = g.rnd.nextBoolean() ? "r += " + f + "();" : "{ int (*fp)(void) = " + f + "; r += fp(); }";
                    return Node.block(u, "{", List.of(Node.stmt(-1, lock(l), false), Node.stmt(-1, call, true),
                            Node.stmt(-1, unlock(l), false)), "}");
                }
                case 4: // a VLA whose size reads the object, under the lock
                    // rare: the exhaustive exploration cannot run VLAs, so only TSan checks these programs
                    if (!o.kind.name().startsWith("ATOMIC") && !lv.startsWith("*") && g.rnd.nextInt(4) == 0) {
                        String v = "v" + g.names++;
                        return Node.block(u, "{", List.of(Node.stmt(-1, lock(l), false),
                                Node.stmt(-1, "{ int " + v + "[(" + lv + " & 3) + 1]; " + v + "[0] = 1; r += " + v + "[0]; }", true),
                                Node.stmt(-1, unlock(l), false)), "}");
                    }
                    // fall through
                default:
                    return Node.block(u, "{", List.of(Node.stmt(-1, lock(l), false), acc, Node.stmt(-1, unlock(l), false)), "}");
            }
        }
        String other = g.lockNames.get((g.lockNames.indexOf(l) + 1) % g.lockNames.size());
        switch (h) {
            case WRONG_LOCK:
                return Node.block(u, "{", List.of(Node.stmt(-1, lock(other), false), acc, Node.stmt(-1, unlock(other), false)), "}");
            case TRYLOCK_ELSE:
                return Node.block(u, "if (pthread_mutex_trylock(" + l + ") == 0) {", List.of(acc, Node.stmt(-1, unlock(l), false)),
                        "} else { " + g.forms.viaPointer(o.atomicKind(), g.lvalue(o, null), op) + " }");
            case NONDET_CONDITIONAL_LOCK: {
                String f = "c" + g.names++;
                return Node.block(u, "{", List.of(Node.stmt(-1, nondet(0, 1, f), false), Node.stmt(-1, "if (" + f + ") " + lock(l), false), acc,
                        Node.stmt(-1, "if (" + f + ") " + unlock(l), false)), "}");
            }
            case RELEASE_SOME_LOCK: {
                g.wrappers = true;
                String k = "k" + g.names++;
                String first;
                String second;
                if (o.lockIndex >= 0) {
                    first = "&ml[" + k + "]";
                    second = "&ml[1 - " + k + "]";
                    l = "&ml[0]";
                    other = "&ml[1]";
                } else {
                    first = "(" + k + " ? " + l + " : " + other + ")";
                    second = "(" + k + " ? " + other + " : " + l + ")";
                }
                return Node.block(u, "{", List.of(Node.stmt(-1, nondet(0, 1, k), false), Node.stmt(-1, "pthread_mutex_lock(" + l + ");", false),
                        Node.stmt(-1, "pthread_mutex_lock(" + other + ");", false), Node.stmt(-1, "{ pthread_mutex_t *q = " + first + "; "
                                + (g.rnd.nextBoolean() ? "release(q); }" : "pthread_mutex_unlock(q); }"), false),
                        acc, Node.stmt(-1, "pthread_mutex_unlock(" + second + ");", false)), "}");
            }
            case CALLEE_RELEASE: {
                g.wrappers = true;
                if (op > 0 && !lv.startsWith("*") && g.rnd.nextBoolean()) {
                    return Node.block(u, "{", List.of(Node.stmt(-1, "pthread_mutex_lock(" + l + ");", false),
                            Node.stmt(-1, lv + " = release_one(" + l + ");", true)), "}");
                }
                return Node.block(u, "{", List.of(Node.stmt(-1, "pthread_mutex_lock(" + l + ");", false),
                        Node.stmt(-1, "release(" + l + ");", false), acc), "}");
            }
            case VLA_OUTSIDE: {
                String v = "v" + g.names++;
                String size = "(" + lv + " & 3) + 1";
                String use = g.rnd.nextBoolean() ? "{ int " + v + "[" + size + "]; " + v + "[0] = 1; r += " + v + "[0]; }"
                        : "r += (int) sizeof(int[" + size + "]);";
                return Node.block(u, "{", List.of(Node.stmt(-1, use, true), Node.stmt(-1, lock(l), false), acc,
                        Node.stmt(-1, unlock(l), false)), "}");
            }
            case ATOMIC_PUBLISH:
                return Node.stmt(u, AtomicForms.reader(o.name, "x", g.forms.plainOp("$LV$", op)), true);
            case ATOMIC_COUNTER_GATE:
                return Node.stmt(u, AtomicForms.counterGate(g.names++, g.nrnd, g.forms.plainOp(lv, op)), true);
            case UNINIT_CREATE:
                if (!g.decls.contains(IndeterminateForms.IDLE)) g.decls.add(IndeterminateForms.IDLE);
                return Node.stmt(u, g.indet.access(IndeterminateForms.Form.CREATE, lv, o.name, a -> g.forms.plainOp(a, op)), true);
            case UNINIT_BRANCH, UNINIT_POINTER, UNINIT_HEAP, UNINIT_INDEX, UNINIT_COPY, UNINIT_REALLOC, UNINIT_ALLOC, UNINIT_SPECIFIC:
                return Node.stmt(u, g.indet.access(IndeterminateForms.Form.valueOf(h.name().substring(7)), lv, o.name,
                        a -> g.forms.plainOp(a, op)), true);
            case STREAM_WRITE: {
                int n = g.names++;
                return Node.stmt(u, AccessForms.writtenByStream("&(" + lv + ")", "t" + n, n % 4), true);
            }
            default: // NO_LOCK
                return Node.stmt(u, body, true);
        }
    }

    /**
     * One access of role {@code r} to {@code o}, under the object's discipline, or breaking it when {@code holeHere}; a
     * hole's access sometimes behind a formatted text ({@link FormatForms}).
     */
    Node access(ProgramGenerator.Obj o, ProgramGenerator.Role r, int op, boolean holeHere) {
        Node n = accessNode(o, r, op, holeHere);
        if (!holeHere || !g.options.newForms() || g.frnd.nextInt(5) != 0) return n;
        String[] guard = FormatForms.guard(g.frnd);
        return Node.block(n.unit(), guard[0], List.of(new Node(-1, n.open(), n.body(), n.close(), n.access())), guard[1]);
    }

    private Node accessNode(ProgramGenerator.Obj o, ProgramGenerator.Role r, int op, boolean holeHere) {
        int u = g.unit++;
        String lv = g.lvalue(o, r);
        switch (o.guard) {
            case ATOMIC:
                return Node.stmt(u, holeHere ? g.forms.plainOp(lv, op) : g.forms.atomicOp(lv, op), true);
            case ATOMIC_TYPE:
                if (o.kind == ProgramGenerator.Kind.ATOMIC_STRUCT) {
                    return Node.stmt(u, holeHere ? AtomicForms.wholePlain(o.name, op) : AtomicForms.wholeOp(o.name, op, g.nrnd), true);
                }
                // fall through
            case READ_ONLY:
                return Node.stmt(u, holeHere && o.guard == ProgramGenerator.Guard.READ_ONLY ? g.forms.plainOp(lv, 1) : g.forms.viaPointer(o.atomicKind(), lv, op), true);
            case VATOMIC: {
                if (holeHere) return Node.stmt(u, g.forms.plainOp(lv, op), true);
                String f = "__VERIFIER_atomic_op" + g.names++;
                g.helpers.add(new Fn("int " + f + "(void)", List.of(Node.stmt(-1, "int r = 0;", false), Node.stmt(-1, g.forms.plainOp(lv, op), true)), "return r;", true));
                return Node.stmt(u, "r += " + f + "();", true);
            }
            case RWLOCK: {
                boolean read = op == 0 || holeHere && g.hole == Hole.WRITE_UNDER_READ_LOCK;
                if (holeHere && g.hole == Hole.WRITE_UNDER_READ_LOCK && op == 0) op = 2;
                String acq = read ? "pthread_rwlock_rdlock(&rw);" : "pthread_rwlock_wrlock(&rw);";
                if (g.rnd.nextInt(3) == 0) {
                    String t = read ? "pthread_rwlock_tryrdlock(&rw)" : "pthread_rwlock_trywrlock(&rw)";
                    return Node.block(u, "if (" + t + " == 0) {", List.of(Node.stmt(-1, g.forms.plainOp(lv, op), true),
                            Node.stmt(-1, "pthread_rwlock_unlock(&rw);", false)), "}");
                }
                return Node.block(u, "{", List.of(Node.stmt(-1, acq, false), Node.stmt(-1, g.forms.plainOp(lv, op), true),
                        Node.stmt(-1, "pthread_rwlock_unlock(&rw);", false)), "}");
            }
            case XMUTEX: { // another g.hole than the recursive one on this object: unprotected, as NO_LOCK
                String acc = g.forms.viaPointer(o.atomicKind(), lv, op);
                if (holeHere && g.hole != Hole.RECURSIVE_UNLOCK) return Node.stmt(u, acc, true);
                return g.mutexForms.access(o.xlock, indeterminate(o, lv, op, acc), u, holeHere);
            }
            default:
                return mutexAccess(o, lv, op, u, holeHere ? g.hole : null);
        }
    }
}
