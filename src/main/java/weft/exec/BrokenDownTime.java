package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Program;
import weft.ir.Stmt;
import weft.ir.Variable;
import weft.model.LibcFacts;
import weft.model.Semantics;
import weft.trace.RaceWitness;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;

/**
 * {@code localtime}, {@code gmtime}, {@code localtime_r}, {@code gmtime_r} ({@link Semantics.BrokenDownTime}): the
 * {@code time_t} the first argument points to, broken down into glibc's {@code struct tm} as glibc computes it for UTC:
 * nine {@code int}s ({@code tm_sec} .. {@code tm_isdst}), then {@code long tm_gmtoff} (0) and {@code const char
 * *tm_zone} (left unknown: a run that reads it stops), written to the output argument or, without one, to the
 * function's static buffer (its state group's object, which a {@code static} result points to) and returned.
 *
 * <p>Soundness: {@code gmtime} is a function of its argument, computed here exactly (the proleptic Gregorian calendar
 * of {@code java.time}, as glibc's {@code __offtime}; leap seconds are not counted by either). {@code localtime}
 * depends on the environment's time zone: the witness search takes it to be UTC and records that (the reproducer
 * runs with {@code TZ=UTC}); a proof does not take one environment and stops there. {@code localtime} also sets the
 * C library's {@code tzname}, {@code timezone} and {@code daylight} (its table row): it runs only when the program's
 * code names none of them ({@link Program#names}; a header's declaration is no use), so those writes are not
 * observable by the program (the race analysis still sees them through
 * the call's event). The call reads the {@code time_t} and writes the whole structure (accesses for the exploration's
 * race check); a value not known (an input not a number, a time beyond what glibc's {@code int} year holds) stops.
 *
 * <p>{@code strftime} ({@link Semantics.FormatTime}) in the C locale (the only one the explorer runs: setlocale),
 * as glibc formats these conversions: {@code %Y %C %y %G %m %d %e %j %H %I %M %S %p %a %A %b %h %B %D %F %T %R %r %c
 * %x %X %u %w %n %t %%}, reading the fields they need (the whole structure is read, an access); a field not known, a
 * field out of its range where a name is looked up, or another conversion (time zone, week numbers, flags and widths)
 * stops the run.
 */
final class BrokenDownTime {
    private BrokenDownTime() {
    }

    /** Whether the program names none of the library globals {@code globals} (so a call may set them unseen). */
    static boolean globalsUnnamed(Program program, List<LibcFacts.GlobalAccess> globals) {
        for (LibcFacts.GlobalAccess g : globals) {
            Variable v = program.globalNamed(g.name());
            if (v != null && program.names(v)) return false;
        }
        return true;
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics.BrokenDownTime b, List<Value> args) {
        ExecState st = in.st;
        if (b.local() && st.exhaustive) throw Abandon.unsupported(name + " in the environment's time zone (an input) in a proof");
        CType.Int timeT = timeT(st);
        Value.Ptr src = LibraryFunctions.ptr(LibraryBehaviour.arg(args, b.time()), name);
        lib.access(c, src, timeT.size(), false, call, name);
        Value.Ptr dest = b.into() >= 0 ? LibraryFunctions.ptr(LibraryBehaviour.arg(args, b.into()), name) : LibraryBehaviour.staticBuffer(st, t, name, 0);
        long size = tmSize(st);
        if (st.mem.get(dest.obj()).size < dest.off() + size) throw Abandon.unsupported(name + " into an object smaller than struct tm");
        lib.access(c, dest, size, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, dest, null);
        if (!(st.mem.read(src.obj(), src.off(), timeT) instanceof Value.Int tv)) throw Abandon.unsupported(name + " of an unknown time");
        writeTm(st, dest, fields(tv.v(), name));
        if (b.local()) st.logNondet(RaceWitness.TIME_ZONE, call.loc(), "UTC");
        return in.finishCall(t, c, e, dest, null);
    }

    /** {@code time_t}: a {@code long}. */
    static CType.Int timeT(ExecState st) {
        return new CType.Int("long", st.dm.longSize, st.dm.longSize, true);
    }

    /** glibc's {@code struct tm}: nine ints, then long {@code tm_gmtoff} at the next long boundary, then {@code tm_zone}. */
    static long tmSize(ExecState st) {
        return gmtoffOffset(st) + st.dm.longSize + st.dm.pointerSize;
    }

    private static long gmtoffOffset(ExecState st) {
        return (9L * 4 + st.dm.longSize - 1) / st.dm.longSize * st.dm.longSize;
    }

    /** The UTC calendar fields {@code tm_sec} .. {@code tm_isdst} of {@code time}, as glibc's {@code __offtime} gives them. */
    static long[] fields(long time, String name) {
        ZonedDateTime d;
        try {
            d = Instant.ofEpochSecond(time).atZone(ZoneOffset.UTC);
        } catch (java.time.DateTimeException ex) {
            throw Abandon.unsupported(name + " of a time out of range");
        }
        long year = d.getYear() - 1900L;
        if (year != (int) year) throw Abandon.unsupported(name + " of a time out of range (EOVERFLOW)");
        return new long[] {d.getSecond(), d.getMinute(), d.getHour(), d.getDayOfMonth(), d.getMonthValue() - 1L, year,
                d.getDayOfWeek().getValue() % 7, d.getDayOfYear() - 1L, 0};
    }

    /** Writes a whole {@code struct tm} of UTC at {@code dest}: the fields, {@code tm_gmtoff} 0, {@code tm_zone} unknown. */
    static void writeTm(ExecState st, Value.Ptr dest, long[] fields) {
        for (int i = 0; i < fields.length; i++) st.mem.write(dest.obj(), dest.off() + 4L * i, IntConversions.INT, Value.of(fields[i]));
        long gmtoff = gmtoffOffset(st);
        st.mem.write(dest.obj(), dest.off() + gmtoff, timeT(st), Value.ZERO);
        st.mem.get(dest.obj()).setUnknown(dest.off() + gmtoff + st.dm.longSize, st.dm.pointerSize, true);
    }

    static final String[] DAYS = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
    static final String[] MONTHS = {"January", "February", "March", "April", "May", "June", "July", "August",
            "September", "October", "November", "December"};

    /**
     * {@code strptime(s, format, tm)} ({@link Semantics.ParseTime}), computed by the installed glibc in the C locale
     * ({@link weft.installed.CLibrary#parseTime}). The fields of the program's {@code struct tm} the call sets are those
     * that come back the same from two native calls whose unknown fields held different values (a field that came
     * back with its placeholder both times was left as it was; one whose value depended on a field not known stops
     * the run). The accesses: the text's bytes read (one when it fails), the format read whole (one byte when the text
     * did not match it), the struct written whole (the reproducer's wrapper makes the same accesses).
     */
    static boolean parse(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                         Semantics.ParseTime pt, List<Value> args) {
        ExecState st = in.st;
        var installed = weft.installed.CLibrary.installed();
        if (installed.isEmpty()) throw Abandon.unsupported(name + " without an installed C library");
        Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, pt.s()), name);
        Value.Ptr f = LibraryFunctions.ptr(LibraryBehaviour.arg(args, pt.format()), name);
        Value.Ptr tm = LibraryFunctions.ptr(LibraryBehaviour.arg(args, pt.tm()), name);
        byte[] text = Formatter.knownBytes(st, s, name);
        byte[] format = Formatter.knownBytes(st, f, name);
        int l = st.dm.longSize;
        long gmtoff = 36 + (l == 8 ? 4 : 0);
        long size = gmtoff + 2L * l;
        st.mem.check(tm.obj(), tm.off(), size, true);
        Block o = st.mem.get(tm.obj());
        boolean[] known = new boolean[10];
        long[] a = new long[10];
        long[] b = new long[10];
        for (int i = 0; i < 10; i++) {
            long at = tm.off() + (i < 9 ? 4L * i : gmtoff);
            int width = i < 9 ? 4 : l;
            known[i] = !o.anyUnknown(at, width);
            long v = known[i] ? st.mem.readRaw(tm.obj(), at, width) : 0;
            if (known[i]) v = i < 9 ? (int) v : l == 4 ? (int) v : v;
            a[i] = known[i] ? v : 0;
            b[i] = known[i] ? v : 0x5a5a5a5a;
        }
        weft.installed.CLibrary.TimeParsed ra = installed.get().parseTime(text, format, a);
        weft.installed.CLibrary.TimeParsed rb = installed.get().parseTime(text, format, b);
        if (ra.length() != rb.length() || ra.zoneSet() || rb.zoneSet()) throw Abandon.unsupported(name + " of a time its fields not known decide");
        long took = ra.length();
        lib.access(c, s, took < 0 ? 1 : Math.max(1, took), false, call, name);
        lib.access(c, f, took < 0 ? 1 : format.length + 1L, false, call, name);
        lib.access(c, tm, size, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        for (int i = 0; i < 10; i++) {
            long x = ra.fields()[i], y = rb.fields()[i];
            if (!known[i] && x == a[i] && y == b[i]) continue; // left as it was
            if (x != y) throw Abandon.unsupported(name + " sets a field from one not known");
            long at = tm.off() + (i < 9 ? 4L * i : gmtoff);
            st.mem.writeRaw(tm.obj(), at, i < 9 ? 4 : l, x);
        }
        return in.finishCall(t, c, e, took < 0 ? Value.ZERO : s.at(s.off() + took), null);
    }

    static boolean format(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                          Semantics.FormatTime f, List<Value> args) {
        ExecState st = in.st;
        Value.Ptr fmt = LibraryFunctions.ptr(LibraryBehaviour.arg(args, f.format()), name);
        String format = Formatter.knownString(st, lib, c, call, name, fmt);
        Value.Ptr tm = LibraryFunctions.ptr(LibraryBehaviour.arg(args, f.tm()), name);
        lib.access(c, tm, 9L * 4, false, call, name);
        if (!(LibraryBehaviour.arg(args, f.count()) instanceof Value.Int cnt) || cnt.v() < 0) throw Abandon.unsupported(name + " with an unknown size");
        Value.Ptr dest = LibraryFunctions.ptr(LibraryBehaviour.arg(args, f.dest()), name);
        long[] v = new long[9];
        for (int i = 0; i < 9; i++) {
            if (!(st.mem.read(tm.obj(), tm.off() + 4L * i, IntConversions.INT) instanceof Value.Int x)) {
                if (format.contains("%")) throw Abandon.unsupported(name + " of a struct tm not known");
                continue;
            }
            v[i] = x.v();
        }
        String text = render(format, v, name);
        boolean fits = text.length() + 1L <= cnt.v();
        // glibc writes the text as it goes: at most count bytes are written when it does not fit (the contents are
        // then indeterminate: C11 7.27.3.5p3)
        long written = fits ? text.length() + 1L : cnt.v();
        if (written > 0) lib.access(c, dest, written, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        if (fits) {
            for (int i = 0; i < text.length(); i++) st.mem.fill(dest.obj(), dest.off() + i, 1, (byte) text.charAt(i));
            st.mem.fill(dest.obj(), dest.off() + text.length(), 1, (byte) 0);
        } else if (written > 0) {
            st.mem.get(dest.obj()).setUnknown(dest.off(), written, true);
        }
        return in.finishCall(t, c, e, Value.of(fits ? text.length() : 0), null);
    }

    /** {@code format} with the fields {@code v} (tm_sec .. tm_isdst), C locale. */
    static String render(String format, long[] v, String name) {
        long sec = v[0], min = v[1], hour = v[2], mday = v[3], mon = v[4], year = v[5] + 1900, wday = v[6], yday = v[7];
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < format.length(); i++) {
            char ch = format.charAt(i);
            if (ch != '%') {
                b.append(ch);
                continue;
            }
            if (++i >= format.length()) throw Abandon.unsupported(name + " with a format ending in %");
            char k = format.charAt(i);
            switch (k) {
                case 'Y' -> b.append(year);
                case 'C' -> b.append(two(Math.floorDiv(year, 100)));
                case 'y' -> b.append(two(Math.floorMod(year, 100)));
                case 'm' -> b.append(two(mon + 1));
                case 'd' -> b.append(two(mday));
                case 'e' -> b.append(mday < 10 ? " " + mday : Long.toString(mday));
                case 'j' -> b.append(String.format("%03d", yday + 1));
                case 'H' -> b.append(two(hour));
                case 'I' -> b.append(two(hour % 12 == 0 ? 12 : hour % 12));
                case 'M' -> b.append(two(min));
                case 'S' -> b.append(two(sec));
                case 'p' -> b.append(hour < 12 ? "AM" : "PM");
                case 'a' -> b.append(name(DAYS, wday, name).substring(0, 3));
                case 'A' -> b.append(name(DAYS, wday, name));
                case 'b', 'h' -> b.append(name(MONTHS, mon, name).substring(0, 3));
                case 'B' -> b.append(name(MONTHS, mon, name));
                case 'D' -> b.append(render("%m/%d/%y", v, name));
                case 'F' -> b.append(render("%Y-%m-%d", v, name));
                case 'T', 'X' -> b.append(render("%H:%M:%S", v, name));
                case 'R' -> b.append(render("%H:%M", v, name));
                case 'r' -> b.append(render("%I:%M:%S %p", v, name));
                case 'c' -> b.append(render("%a %b %e %H:%M:%S %Y", v, name));
                case 'x' -> b.append(render("%m/%d/%y", v, name));
                case 'u' -> b.append(wday == 0 ? 7 : wday);
                case 'w' -> b.append(wday);
                case 'n' -> b.append('\n');
                case 't' -> b.append('\t');
                case '%' -> b.append('%');
                default -> throw Abandon.unsupported(name + " conversion %" + k);
            }
        }
        return b.toString();
    }

    private static String two(long x) {
        return x >= 0 && x < 10 ? "0" + x : Long.toString(x);
    }

    private static String name(String[] names, long i, String fn) {
        if (i < 0 || i >= names.length) throw Abandon.unsupported(fn + " of a field out of range");
        return names[(int) i];
    }
}
