package weft.installed;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

import java.util.Optional;

/**
 * The installed C library (glibc), called for what a model needs to give exactly as the program's library gives it, in
 * the C locale (the one a program replayed with {@code LC_ALL=C} has): the text of an error number ({@code strerror_l}),
 * the floating-point number a text begins with ({@code strtod_l}, {@code strtof_l}: glibc's rounding, hexadecimal
 * numbers, infinities and NaNs, and the {@code errno} it sets), a signal's description ({@code sigdescr_np}).
 */
public final class CLibrary {
    /** glibc's {@code LC_ALL_MASK}. */
    private static final int LC_ALL_MASK = 8127;

    interface Lib extends Library {
        Pointer newlocale(int mask, String locale, Pointer base);
        Pointer strerror_l(int errnum, Pointer locale);

        double strtod_l(Pointer s, com.sun.jna.ptr.PointerByReference end, Pointer locale);

        float strtof_l(Pointer s, com.sun.jna.ptr.PointerByReference end, Pointer locale);

        Pointer sigdescr_np(int sig);

        Pointer gai_strerror(int code);

        Pointer hstrerror(int err);

        int strverscmp(byte[] a, byte[] b);

        int inet_network(byte[] cp);

        int fnmatch(byte[] pattern, byte[] string, int flags);

        Pointer ecvt(double value, int ndigit, int[] decpt, int[] sign);

        Pointer fcvt(double value, int ndigit, int[] decpt, int[] sign);

        Pointer gcvt(double value, int ndigit, byte[] buf);

        Pointer uselocale(Pointer locale);

        Pointer strptime_l(Pointer s, Pointer format, Pointer tm, Pointer locale);

        Pointer dlopen(String file, int mode);

        Pointer dlsym(Pointer handle, String name);

        Pointer dlvsym(Pointer handle, String name, String version);
    }

    /**
     * {@code strptime}'s answer: how many bytes of the text it took (-1: a null result), the {@code struct tm}'s nine
     * ints and {@code tm_gmtoff} after the call, and whether it set {@code tm_zone}.
     */
    public record TimeParsed(long length, long[] fields, boolean zoneSet) {}

    /** A number parsed: its value, how many bytes it took (0: none), the errno the library set (0: none). */
    public record Parsed(double value, long length, int errno) {}

    private static final Loaded<CLibrary> INSTALLED = new Loaded<>(CLibrary::load);
    private final Lib lib;
    private final Pointer c;

    private CLibrary(Lib lib, Pointer c) {
        this.lib = lib;
        this.c = c;
    }

    /** The installed glibc, loaded once; empty elsewhere. */
    public static Optional<CLibrary> installed() {
        return INSTALLED.get();
    }

    private static Optional<CLibrary> load() {
        try {
            if (!System.getProperty("os.name", "").startsWith("Linux")) return Optional.empty();
            Lib lib = Native.load("c", Lib.class);
            Pointer c = lib.newlocale(LC_ALL_MASK, "C", null);
            return c == null ? Optional.empty() : Optional.of(new CLibrary(lib, c));
        } catch (LinkageError | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * {@code strtod} ({@code single}: {@code strtof}) of {@code text} (the bytes before a terminator) in the C locale.
     */
    public synchronized Parsed parseFloat(byte[] text, boolean single) {
        com.sun.jna.Memory m = new com.sun.jna.Memory(text.length + 1L);
        m.write(0, text, 0, text.length);
        m.setByte(text.length, (byte) 0);
        com.sun.jna.ptr.PointerByReference end = new com.sun.jna.ptr.PointerByReference();
        // errno is per thread: cleared and read in the calling thread, around the call
        Native.setLastError(0);
        double v = single ? lib.strtof_l(m, end, c) : lib.strtod_l(m, end, c);
        int errno = Native.getLastError();
        return new Parsed(v, Pointer.nativeValue(end.getValue()) - Pointer.nativeValue(m), errno);
    }

    /**
     * {@code strptime} of {@code text} by {@code format} (the bytes before a terminator each) in the C locale, into a
     * {@code struct tm} holding {@code fields} (its nine ints and {@code tm_gmtoff}) and a null {@code tm_zone}.
     */
    public synchronized TimeParsed parseTime(byte[] text, byte[] format, long[] fields) {
        com.sun.jna.Memory s = nativeText(text);
        com.sun.jna.Memory f = nativeText(format);
        // LP64's struct tm: nine ints, tm_gmtoff at 40, tm_zone at 48
        com.sun.jna.Memory tm = new com.sun.jna.Memory(56);
        tm.clear();
        for (int i = 0; i < 9; i++) tm.setInt(4L * i, (int) fields[i]);
        tm.setLong(40, fields[9]);
        Pointer r = lib.strptime_l(s, f, tm, c);
        long[] out = new long[10];
        for (int i = 0; i < 9; i++) out[i] = tm.getInt(4L * i);
        out[9] = tm.getLong(40);
        return new TimeParsed(r == null ? -1 : Pointer.nativeValue(r) - Pointer.nativeValue(s), out, tm.getPointer(48) != null);
    }

    private static com.sun.jna.Memory nativeText(byte[] b) {
        com.sun.jna.Memory m = new com.sun.jna.Memory(b.length + 1L);
        if (b.length > 0) m.write(0, b, 0, b.length);
        m.setByte(b.length, (byte) 0);
        return m;
    }

    /** glibc's {@code RTLD_LAZY | RTLD_NOLOAD}: the handle of an object already loaded, none loaded anew. */
    private static final int LOADED_ONLY = 0x1 | 0x4;

    /**
     * Whether the installed glibc ({@code libc.so.6} and what it loads with it: the dynamic loader) defines the symbol
     * {@code name}; with a {@code version} (not null), whether that version of it is defined and is the same definition
     * as the symbol's default version ({@code dlvsym} and {@code dlsym} give the same address).
     */
    public synchronized boolean defines(String name, String version) {
        Pointer libc = lib.dlopen("libc.so.6", LOADED_ONLY);
        if (libc == null) return false;
        Pointer found = lib.dlsym(libc, name);
        if (found == null || version == null) return found != null;
        Pointer versioned = lib.dlvsym(libc, name, version);
        return versioned != null && Pointer.nativeValue(versioned) == Pointer.nativeValue(found);
    }

    /**
     * The address of version {@code version} of symbol {@code name} in the shared library {@code library} (loaded if it
     * is not: {@code RTLD_NOW}), found by {@code dlvsym} (a compatibility symbol, which no unversioned lookup finds);
     * null when there is none.
     */
    public synchronized Pointer versionedSymbol(String library, String name, String version) {
        Pointer h = lib.dlopen(library, 2);
        return h == null ? null : lib.dlvsym(h, name, version);
    }

    /** glibc's description of signal {@code sig} ({@code sigdescr_np}: untranslated), or null when it has none. */
    public synchronized String signalDescription(int sig) {
        try {
            Pointer p = lib.sigdescr_np(sig);
            return p == null ? null : p.getString(0, "ISO-8859-1");
        } catch (UnsatisfiedLinkError e) {
            return null; // a glibc older than 2.32
        }
    }

    /** {@code gai_strerror(code)}: glibc's static text (untranslated: the C locale's). */
    public synchronized String addressError(int code) {
        return lib.gai_strerror(code).getString(0, "ISO-8859-1");
    }

    /** {@code hstrerror(err)}: glibc's static text (untranslated: the C locale's). */
    public synchronized String hostError(int err) {
        return lib.hstrerror(err).getString(0, "ISO-8859-1");
    }

    /** {@code strverscmp(a, b)} of the bytes before each array's end (terminated here). */
    public synchronized int versionCompare(byte[] a, byte[] b) {
        return lib.strverscmp(java.util.Arrays.copyOf(a, a.length + 1), java.util.Arrays.copyOf(b, b.length + 1));
    }

    /** The digits glibc's {@code ecvt} ({@code fixed} false) or {@code fcvt} writes, then the decimal point's place and the sign. */
    public record Digits(String text, int point, int sign) {}

    public synchronized Digits convert(double value, int ndigit, boolean fixed) {
        int[] point = new int[1], sign = new int[1];
        Pointer p = fixed ? lib.fcvt(value, ndigit, point, sign) : lib.ecvt(value, ndigit, point, sign);
        return new Digits(p.getString(0, "ISO-8859-1"), point[0], sign[0]);
    }

    /** glibc's {@code gcvt}: the text of {@code value} with {@code ndigit} significant digits. */
    public synchronized String general(double value, int ndigit) {
        byte[] buf = new byte[ndigit + 32];
        lib.gcvt(value, ndigit, buf);
        int n = 0;
        while (n < buf.length && buf[n] != 0) n++;
        return new String(buf, 0, n, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** glibc's {@code fnmatch} of the terminated texts, in the C locale (the calling thread's locale for the call). */
    public synchronized int match(byte[] pattern, byte[] string, int flags) {
        Pointer before = lib.uselocale(c);
        try {
            return lib.fnmatch(terminated(pattern), terminated(string), flags);
        } finally {
            lib.uselocale(before);
        }
    }

    private static byte[] terminated(byte[] b) {
        return java.util.Arrays.copyOf(b, b.length + 1);
    }

    /** {@code inet_network(cp)} of the bytes before the array's end: the host-order number, or -1. */
    public synchronized int networkNumber(byte[] cp) {
        return lib.inet_network(java.util.Arrays.copyOf(cp, cp.length + 1));
    }

    /** {@code strerror(errnum)} in the C locale. */
    public synchronized String errorMessage(int errnum) {
        return lib.strerror_l(errnum, c).getString(0, "ISO-8859-1");
    }
}
