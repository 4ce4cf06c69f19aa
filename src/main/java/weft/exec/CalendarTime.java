package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;
import weft.trace.RaceWitness;

import java.util.List;

/**
 * {@code asctime}, {@code asctime_r}, {@code ctime}, {@code ctime_r} ({@link Semantics.AsciiTime}) and {@code mktime},
 * {@code timegm} ({@link Semantics.MakeTime}) as glibc computes them, with the calendar of {@link BrokenDownTime}.
 *
 * <p>The text is glibc's {@code "%.3s %.3s%3d %.2d:%.2d:%.2d %d\n"} of the abbreviated day and month names ({@code ???}
 * for a field out of range), the day of the month, the time and {@code 1900 + tm_year}: written into the buffer argument
 * or the function's static buffer (its first state group's object) and returned. {@code asctime} reads the seven fields
 * {@code tm_sec} .. {@code tm_wday}; {@code ctime} reads the {@code time_t} and breaks it down in the environment's time
 * zone, taken to be UTC in a witness and recorded (as {@code localtime}; a proof stops), {@code ctime} also into
 * {@code localtime}'s static {@code struct tm} (glibc's {@code asctime(localtime(t))}: a pointer an earlier
 * {@code localtime} returned sees the new fields).
 *
 * <p>{@code mktime} and {@code timegm} read the nine fields, normalise them (months into years, seconds, minutes, hours
 * and days into the date, exactly, as glibc does) and write the whole structure back (the day of the week and of the
 * year, {@code tm_isdst} 0, {@code tm_gmtoff} 0, {@code tm_zone} unknown), returning the {@code time_t}. {@code mktime}
 * works in the environment's time zone: UTC in a witness (recorded), a proof stops; a {@code tm_isdst} above 0, which
 * asks for summer time UTC does not have, stops the run. Soundness and must-soundness: a function of the fields read,
 * computed exactly; a year beyond glibc's {@code int} (EOVERFLOW) or a text that does not fit {@code asctime_r}'s 26 bytes
 * stops the run.
 */
final class CalendarTime {
    private static final long ASCTIME_R_BYTES = 26;

    private CalendarTime() {
    }

    static boolean ascii(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                         Semantics.AsciiTime a, List<Value> args) {
        ExecState st = in.st;
        if (a.local() && st.exhaustive) throw Abandon.unsupported(name + " in the environment's time zone (an input) in a proof");
        Value.Ptr dest = a.into() >= 0 ? LibraryFunctions.ptr(LibraryBehaviour.arg(args, a.into()), name) : LibraryBehaviour.staticBuffer(st, t, name, 0);
        long[] v;
        if (a.tm() >= 0) {
            Value.Ptr tm = LibraryFunctions.ptr(LibraryBehaviour.arg(args, a.tm()), name);
            lib.access(c, tm, 7L * 4, false, call, name);
            v = new long[7];
            for (int i = 0; i < 7; i++) {
                if (!(st.mem.read(tm.obj(), tm.off() + 4L * i, IntConversions.INT) instanceof Value.Int x)) {
                    throw Abandon.unsupported(name + " of a struct tm not known");
                }
                v[i] = x.v();
            }
        } else {
            CType.Int timeT = BrokenDownTime.timeT(st);
            Value.Ptr src = LibraryFunctions.ptr(LibraryBehaviour.arg(args, a.time()), name);
            lib.access(c, src, timeT.size(), false, call, name);
            if (!(st.mem.read(src.obj(), src.off(), timeT) instanceof Value.Int tv)) throw Abandon.unsupported(name + " of an unknown time");
            v = BrokenDownTime.fields(tv.v(), name);
            if (a.tmState() >= 0) {
                Value.Ptr tmBuffer = LibraryBehaviour.staticBuffer(st, t, name, a.tmState());
                lib.access(c, tmBuffer, BrokenDownTime.tmSize(st), true, call, name);
                if (!c.dry) BrokenDownTime.writeTm(st, tmBuffer, v);
            }
        }
        String text = text(v);
        if (a.into() >= 0 && text.length() + 1L > ASCTIME_R_BYTES) throw Abandon.unsupported(name + " of a year too long for 26 bytes (EOVERFLOW)");
        if (st.mem.get(dest.obj()).size < dest.off() + text.length() + 1L) throw Abandon.unsupported(name + " into an object too small");
        lib.access(c, dest, text.length() + 1L, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, dest, null);
        for (int i = 0; i < text.length(); i++) st.mem.fill(dest.obj(), dest.off() + i, 1, (byte) text.charAt(i));
        st.mem.fill(dest.obj(), dest.off() + text.length(), 1, (byte) 0);
        if (a.local()) st.logNondet(RaceWitness.TIME_ZONE, call.loc(), "UTC");
        return in.finishCall(t, c, e, dest, null);
    }

    /** glibc's {@code asctime} text of the fields {@code tm_sec} .. {@code tm_wday}. */
    static String text(long[] v) {
        long year = v[5] + 1900;
        if (year != (int) year) throw Abandon.unsupported("asctime of a year beyond an int (EOVERFLOW)");
        String day = v[6] >= 0 && v[6] < 7 ? BrokenDownTime.DAYS[(int) v[6]].substring(0, 3) : "???";
        String month = v[4] >= 0 && v[4] < 12 ? BrokenDownTime.MONTHS[(int) v[4]].substring(0, 3) : "???";
        return String.format("%s %s%3d %s:%s:%s %d\n", day, month, v[3], two(v[2]), two(v[1]), two(v[0]), year);
    }

    /** C's {@code %.2d}: at least two digits, a sign before them. */
    private static String two(long x) {
        String digits = Long.toString(Math.abs(x));
        return (x < 0 ? "-" : "") + (digits.length() < 2 ? "0" + digits : digits);
    }

    static boolean make(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                        Semantics.MakeTime m, List<Value> args) {
        ExecState st = in.st;
        if (m.local() && st.exhaustive) throw Abandon.unsupported(name + " in the environment's time zone (an input) in a proof");
        Value.Ptr tm = LibraryFunctions.ptr(LibraryBehaviour.arg(args, m.tm()), name);
        long size = BrokenDownTime.tmSize(st);
        if (st.mem.get(tm.obj()).size < tm.off() + size) throw Abandon.unsupported(name + " of an object smaller than struct tm");
        lib.access(c, tm, 9L * 4, false, call, name);
        lib.access(c, tm, size, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        long[] v = new long[9];
        for (int i = 0; i < 9; i++) {
            if (!(st.mem.read(tm.obj(), tm.off() + 4L * i, IntConversions.INT) instanceof Value.Int x)) {
                throw Abandon.unsupported(name + " of a struct tm not known");
            }
            v[i] = x.v();
        }
        if (m.local() && v[8] > 0) throw Abandon.unsupported(name + " asking for summer time (tm_isdst > 0)");
        long time;
        try {
            long months = Math.addExact(Math.multiplyExact(v[5] + 1900, 12L), v[4]);
            long days = Math.addExact(java.time.LocalDate.of((int) Math.floorDiv(months, 12L), (int) Math.floorMod(months, 12L) + 1, 1).toEpochDay(),
                    v[3] - 1);
            time = Math.addExact(Math.multiplyExact(days, 86400L), v[2] * 3600 + v[1] * 60 + v[0]);
        } catch (ArithmeticException | java.time.DateTimeException ex) {
            throw Abandon.unsupported(name + " of a time out of range (EOVERFLOW)");
        }
        BrokenDownTime.writeTm(st, tm, BrokenDownTime.fields(time, name));
        if (m.local()) st.logNondet(RaceWitness.TIME_ZONE, call.loc(), "UTC");
        return in.finishCall(t, c, e, Value.of(time), BrokenDownTime.timeT(st));
    }

    /**
     * {@code gettimeofday}, {@code clock_gettime}: seconds (as {@code time} gives them) and a fraction below
     * {@link Semantics.TimeOfDay#fraction}, never below the clock's last reading ({@link WorldKept}), both inputs
     * recorded in that order for the witness (the reproducer's
     * wrappers give them back), stored as two {@code long}s (the layout of {@code timeval} and {@code timespec} on
     * Linux, i386 and x86-64); returns 0. A time zone argument stops (glibc writes zeros there, which the row's
     * {@code w1} covers for the other layers).
     */
    static boolean timeOfDay(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                             Semantics.TimeOfDay td, List<Value> args) {
        ExecState st = in.st;
        if (td.zone() >= 0 && !(LibraryBehaviour.arg(args, td.zone()) instanceof Value.Int z && z.v() == 0)) {
            throw Abandon.unsupported(name + " with a time zone argument");
        }
        if (td.clock() >= 0 && !(LibraryBehaviour.arg(args, td.clock()) instanceof Value.Int k && k.v() >= 0 && k.v() <= 11)) {
            throw Abandon.unsupported(name + " of a clock that may not exist");
        }
        Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, td.out()), name);
        CType.Int longT = new CType.Int("long", st.dm.longSize, st.dm.longSize, true);
        lib.access(c, p, 2L * longT.size(), true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        long seconds = 1_700_000_000L + (st.randomBits() & 0xffffffL);
        long fraction = (st.randomBits() & Long.MAX_VALUE) % td.fraction();
        // each clock never reads below its last reading (audit D51): a guess below it becomes it
        long unit = 1_000_000_000L / td.fraction();
        long clock = td.clock() >= 0 ? ((Value.Int) LibraryBehaviour.arg(args, td.clock())).v() : 0;
        long ns = WorldKept.read(st, WorldKept.clockKey(t, clock), seconds * 1_000_000_000L + fraction * unit, unit);
        seconds = ns / 1_000_000_000L;
        fraction = ns % 1_000_000_000L / unit;
        st.logNondet(name, call.loc(), Long.toString(seconds));
        st.logNondet(name, call.loc(), Long.toString(fraction));
        st.mem.write(p.obj(), p.off(), longT, Value.of(seconds));
        st.mem.write(p.obj(), p.off() + longT.size(), longT, Value.of(fraction));
        return in.finishCall(t, c, e, Value.ZERO, null);
    }
}
