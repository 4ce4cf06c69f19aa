package weft.exec;

import weft.exec.state.Abandon;
import weft.exec.state.Value;
import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the C locale says ({@link Semantics.LocaleInfo}), as glibc 2.36 has it (checked against the installed glibc):
 * {@code nl_langinfo}'s strings (pointers to the locale's read-only data: a write through one stops the run) and
 * {@code localeconv}'s {@code struct lconv} (x86-64: ten string pointers, then fourteen {@code char}s, 96 bytes),
 * which glibc writes into its static structure at every call. The program is in the C locale (see
 * {@link Multibytes}). An item this table does not hold stops the run (glibc answers some with text of their own).
 */
final class CLocale {
    private CLocale() {
    }

    /** nl_langinfo's items: their numbers in glibc's {@code <langinfo.h>}, their C locale strings. */
    static final Map<Long, String> ITEMS = items();

    private static Map<Long, String> items() {
        Map<Long, String> m = new HashMap<>();
        m.put(14L, "ANSI_X3.4-1968");
        m.put(0x10000L, ".");
        m.put(0x10001L, "");
        m.put(0x50000L, "^[yY]");
        m.put(0x50001L, "^[nN]");
        m.put(0x4000fL, "-");
        String[] days = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
        String[] months = {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"};
        for (int i = 0; i < 7; i++) {
            m.put(0x20000L + i, days[i].substring(0, 3));
            m.put(0x20007L + i, days[i]);
        }
        for (int i = 0; i < 12; i++) {
            m.put(0x2000eL + i, months[i].substring(0, 3));
            m.put(0x2001aL + i, months[i]);
        }
        m.put(0x20026L, "AM");
        m.put(0x20027L, "PM");
        m.put(0x20028L, "%a %b %e %H:%M:%S %Y");
        m.put(0x20029L, "%m/%d/%y");
        m.put(0x2002aL, "%H:%M:%S");
        m.put(0x2002bL, "%I:%M:%S %p");
        for (long era = 0x2002cL; era <= 0x20031L; era++) m.put(era, "");
        return Map.copyOf(m);
    }

    /** struct lconv on x86-64: the string members, then the char members (all CHAR_MAX in the C locale). */
    static final int STRINGS = 10, CHARS = 14, SIZE = 96;

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics.LocaleInfo li, List<Value> args) {
        ExecState st = in.st;
        if (!li.conventions()) {
            if (!(LibraryBehaviour.arg(args, li.item()) instanceof Value.Int item)) throw Abandon.unsupported(name + " of an unknown item");
            String text = ITEMS.get((long) (int) item.v());
            if (text == null) throw Abandon.unsupported(name + " of item " + item.v() + " (not modelled)");
            return in.finishCall(t, c, e, st.staticString(text), null);
        }
        Value.Ptr buf = LibraryBehaviour.staticBuffer(st, t, name, 0);
        int p = st.dm.pointerSize;
        if (p != 8 || st.mem.get(buf.obj()).size < buf.off() + SIZE) throw Abandon.unsupported(name + " into a buffer of another layout");
        lib.access(c, buf, STRINGS * 8L + CHARS, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, buf, null);
        CType ptr = new CType.Pointer(new CType.Int("char", 1, 1, true), p);
        for (int i = 0; i < STRINGS; i++) st.mem.write(buf.obj(), buf.off() + (long) i * p, ptr, st.staticString(i == 0 ? "." : ""));
        for (int i = 0; i < CHARS; i++) st.mem.writeRaw(buf.obj(), buf.off() + STRINGS * 8L + i, 1, 127);
        return in.finishCall(t, c, e, buf, null);
    }

    /** glibc's {@code LC_ALL_MASK}: the category bits newlocale accepts. */
    private static final long LC_ALL_MASK = 8127;
    /** glibc's {@code LC_ALL} (a mask of {@code 1 << LC_ALL} is every category). */
    private static final int LC_ALL = 6;
    /** {@code LC_GLOBAL_LOCALE}: {@code (locale_t) -1}. */
    private static final long GLOBAL = -1;
    /** The prefix of the locale objects newlocale and duplocale allocate. */
    private static final String OBJECT = "locale_t#";

    /**
     * The locale objects ({@link Semantics.LocaleObject}) as glibc 2.36 keeps them (checked against the installed
     * one), every one of them the C locale (the program's formatting stays C's): {@code newlocale} of "C" or of an empty
     * mask (base null or the C object) is glibc's static C object, a library object here; of "POSIX" a new object; of
     * "" (the environment's locale, an input taken to be C and recorded as 0, as setlocale's; the reproducer runs with
     * {@code LC_ALL=C}) a new object; of "C.UTF-8" and its kin (built into glibc, not the C locale) the run stops; of
     * any other name a failure, {@code ENOENT} (the world need not have it installed; recorded as 1, the reproducer
     * returns the same; every other call records 0, the library's own answer, so that the wrapper takes one per call); a mask of {@code 1 << LC_ALL} is every category, one outside {@code LC_ALL_MASK}
     * {@code EINVAL}; another base stops. {@code uselocale} sets the thread's locale to one of them
     * or {@code LC_GLOBAL_LOCALE} (0: a query) and returns the one before; {@code duplocale} gives the C object back
     * for itself, a new object for another; {@code freelocale} releases a new one (the C object is never freed).
     * Proofs stop at "" and at other names.
     */
    static boolean objects(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                           Semantics.LocaleObject lo, List<Value> args) {
        ExecState st = in.st;
        switch (lo.op()) {
            case "new" -> {
                if (!(LibraryBehaviour.arg(args, lo.mask()) instanceof Value.Int mask)) throw Abandon.unsupported(name + " of an unknown mask");
                Value base = LibraryBehaviour.arg(args, lo.base());
                String want = Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, lo.locale()), name));
                // glibc: 1 << LC_ALL stands for every category
                long categories = mask.v() == 1L << LC_ALL ? LC_ALL_MASK : mask.v();
                // every call records one answer, as the reproducer's wrapper takes one for each: 0 the library's own
                // (the real call), 1 a locale the world lacks
                if ((categories & ~LC_ALL_MASK) != 0) {
                    if (!c.dry) {
                        st.chooseAmong(new long[] {0}, name, call.loc());
                        st.setErrno(t, Errno.EINVAL);
                    }
                    return in.finishCall(t, c, e, Value.ZERO, null);
                }
                boolean cBase = base instanceof Value.Int z && z.v() == 0 || isCObject(st, base);
                if (!cBase) throw Abandon.unsupported(name + " of a base locale object (not modelled)");
                // glibc's built-in C.UTF-8 (2.35 on) is not the C locale the models compute
                if (want.startsWith("C.")) throw Abandon.unsupported(name + " of the locale \"" + want + "\" (not the C locale)");
                boolean builtin = want.equals("C") || want.equals("POSIX");
                if (!builtin && categories != 0 && st.exhaustive) throw Abandon.unsupported(name + " of the locale \"" + want + "\", the world's");
                if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
                boolean lacks = !builtin && categories != 0 && !want.isEmpty();
                st.chooseAmong(new long[] {lacks ? 1 : 0}, name, call.loc());
                // glibc's simple case: its static C object, for "C" or an empty mask (not for "POSIX": a new object)
                if (want.equals("C") || categories == 0) return in.finishCall(t, c, e, cObject(st), null);
                if (lacks) {
                    st.setErrno(t, Errno.ENOENT);
                    return in.finishCall(t, c, e, Value.ZERO, null);
                }
                return in.finishCall(t, c, e, newObject(st, t, call), null);
            }
            case "use" -> {
                Value want = LibraryBehaviour.arg(args, lo.locale());
                if (!(want instanceof Value.Int z && (z.v() == 0 || z.v() == GLOBAL))) own(st, want, name);
                Value before = t.locale == null ? Value.of(GLOBAL) : t.locale;
                if (!c.dry && !(want instanceof Value.Int z && z.v() == 0)) t.locale = want instanceof Value.Int g && g.v() == GLOBAL ? null : want;
                return in.finishCall(t, c, e, before, null);
            }
            case "dup" -> {
                Value of = LibraryBehaviour.arg(args, lo.locale());
                if (!(of instanceof Value.Int g && g.v() == GLOBAL)) own(st, of, name);
                if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
                if (isCObject(st, of)) return in.finishCall(t, c, e, of, null);
                return in.finishCall(t, c, e, newObject(st, t, call), null);
            }
            default -> {
                Value of = LibraryBehaviour.arg(args, lo.locale());
                own(st, of, name);
                if (!c.dry && !isCObject(st, of)) st.mem.kill(((Value.Ptr) of).obj());
                return in.finishCall(t, c, e, Value.ZERO, null);
            }
        }
    }

    /** The name of glibc's static C locale object among the run's library objects. */
    private static final String C_OBJECT = "<C locale object>";

    /** glibc's static C locale object, made at its first use. */
    private static Value.Ptr cObject(ExecState st) {
        return st.libraryObject(C_OBJECT, () -> {
            weft.exec.state.Block b = st.mem.create(C_OBJECT, weft.exec.state.Block.Kind.SPECIAL, 64, -1, weft.ir.SourceLoc.NONE);
            b.readOnly = true;
            return b.id;
        });
    }

    private static Value.Ptr newObject(ExecState st, ThreadState t, Stmt.Call call) {
        weft.exec.state.Block b = st.mem.create(OBJECT + (++st.heapCount), weft.exec.state.Block.Kind.HEAP, 64, t.index, call.loc());
        b.addressTaken = true;
        return new Value.Ptr(b.id, 0);
    }

    /** Whether {@code v} is glibc's static C object (asking makes none: a planning step changes nothing). */
    private static boolean isCObject(ExecState st, Value v) {
        return v.equals(st.existingLibraryObject(C_OBJECT));
    }

    /** A locale object of the run's (the C object or one newlocale or duplocale made, alive); else the run stops. */
    private static void own(ExecState st, Value v, String name) {
        if (isCObject(st, v)) return;
        if (!(v instanceof Value.Ptr p) || p.off() != 0 || !st.mem.get(p.obj()).alive || !st.mem.get(p.obj()).name.startsWith(OBJECT)) {
            throw Abandon.unsupported(name + " of " + v + ", not a locale object the run made");
        }
    }
}
