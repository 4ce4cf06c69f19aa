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
}
