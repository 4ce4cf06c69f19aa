package weft.exec;

import weft.exec.state.*;

import weft.ir.DataModel;
import weft.ir.IntConversions;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The text a printf format makes of its arguments, as glibc writes it, for the calls that format into memory
 * ({@code sprintf}, {@code snprintf}: {@link weft.model.Semantics.FormatInto}). Conversions {@code d i u o x X c s %}
 * with flags {@code - + space # 0}, field width and precision (given or {@code *}) and the length modifiers {@code hh
 * h l ll j z t}; {@code %n} stores the count of bytes written so far through its argument (an integer of the length
 * modifier's size: {@link Result#counts}). Anything else — floating point, {@code %p} (an address the run does not fix), wide
 * characters, positional arguments, a byte the run does not know, an argument of the wrong kind — is not computed:
 * the execution stops there ({@link Abandon}), so a run never goes on with text glibc would not write.
 */
final class Formatter {
    /** A string argument's bytes the formatting read: {@code length} bytes from {@code ptr}. */
    record Read(Value.Ptr ptr, long length) {}

    /** A {@code %n}: the count {@code value} stored as a {@code size}-byte integer at {@code ptr}. */
    record Count(Value.Ptr ptr, long size, long value) {}

    /** The text ({@code bytes}, no terminator), the string arguments' bytes it read and the {@code %n} stores. */
    record Result(byte[] bytes, List<Read> reads, List<Count> counts) {}

    private final Memory mem;
    private final DataModel dm;

    Formatter(Memory mem, DataModel dm) {
        this.mem = mem;
        this.dm = dm;
    }

    /** The format at {@code format} (its bytes all known: checked by the caller) applied to {@code args}. */
    Result format(Value.Ptr format, List<Value> args, String name) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<Read> reads = new ArrayList<>();
        List<Count> counts = new ArrayList<>();
        int next = 0;
        long i = format.off();
        while (true) {
            int b = known(format, i++, name);
            if (b == 0) break;
            if (b != '%') {
                out.write(b);
                continue;
            }
            boolean left = false, plus = false, space = false, alt = false, zero = false;
            int c = known(format, i++, name);
            if (c == '%') {
                out.write('%');
                continue;
            }
            for (;; c = known(format, i++, name)) {
                if (c == '-') left = true;
                else if (c == '+') plus = true;
                else if (c == ' ') space = true;
                else if (c == '#') alt = true;
                else if (c == '0') zero = true;
                else break;
            }
            int width = -1;
            if (c == '*') {
                long w = intArg(args, next++, name);
                if (w < 0) {
                    left = true;
                    w = -w;
                }
                width = (int) Math.min(w, Memory.MAX_OBJECT);
                c = known(format, i++, name);
            } else {
                while (c >= '0' && c <= '9') {
                    width = Math.max(0, width) * 10 + (c - '0');
                    if (width > Memory.MAX_OBJECT) throw Abandon.unsupported(name + " field width");
                    c = known(format, i++, name);
                }
            }
            int precision = -1;
            if (c == '.') {
                c = known(format, i++, name);
                if (c == '*') {
                    long p = intArg(args, next++, name);
                    precision = p < 0 ? -1 : (int) Math.min(p, Memory.MAX_OBJECT);
                    c = known(format, i++, name);
                } else {
                    precision = 0;
                    while (c >= '0' && c <= '9') {
                        precision = precision * 10 + (c - '0');
                        if (precision > Memory.MAX_OBJECT) throw Abandon.unsupported(name + " precision");
                        c = known(format, i++, name);
                    }
                }
            }
            long size = dm.intSize;
            if (c == 'h') {
                c = known(format, i++, name);
                size = 2;
                if (c == 'h') {
                    size = 1;
                    c = known(format, i++, name);
                }
            } else if (c == 'l') {
                c = known(format, i++, name);
                size = dm.longSize;
                if (c == 'l') {
                    size = 8;
                    c = known(format, i++, name);
                }
            } else if (c == 'j') {
                size = 8;
                c = known(format, i++, name);
            } else if (c == 'z' || c == 't') {
                size = dm.pointerSize;
                c = known(format, i++, name);
            }
            String text;
            switch (c) {
                case 'd', 'i' -> {
                    long v = IntConversions.truncate(intArg(args, next++, name), size, true);
                    String digits = digits(Long.toString(Math.abs(v)).replace("-", ""), precision, v == 0);
                    String sign = v < 0 ? "-" : plus ? "+" : space ? " " : "";
                    text = pad(sign, digits, width, left, zero && precision < 0);
                }
                case 'u', 'x', 'X', 'o' -> {
                    long v = IntConversions.truncate(intArg(args, next++, name), size, false);
                    int radix = c == 'u' ? 10 : c == 'o' ? 8 : 16;
                    String raw = Long.toUnsignedString(v, radix);
                    if (c == 'X') raw = raw.toUpperCase();
                    String digits = digits(raw, precision, v == 0);
                    String prefix = "";
                    if (alt && c == 'o' && !digits.startsWith("0")) digits = "0" + digits;
                    if (alt && v != 0 && (c == 'x' || c == 'X')) prefix = c == 'x' ? "0x" : "0X";
                    text = pad(prefix, digits, width, left, zero && precision < 0);
                }
                case 'c' -> {
                    if (size != dm.intSize) throw Abandon.unsupported(name + " wide character");
                    text = pad("", String.valueOf((char) (intArg(args, next++, name) & 0xff)), width, left, false);
                }
                case 's' -> {
                    if (size != dm.intSize) throw Abandon.unsupported(name + " wide string");
                    Value v = next < args.size() ? args.get(next++) : null;
                    if (!(v instanceof Value.Ptr p)) throw Abandon.unsupported(name + " %s of " + v);
                    StringBuilder s = new StringBuilder();
                    long n = 0;
                    boolean terminated = false;
                    while (precision < 0 || n < precision) {
                        int ch = known(p, p.off() + n, name);
                        if (ch == 0) {
                            terminated = true;
                            break;
                        }
                        s.append((char) ch);
                        n++;
                    }
                    reads.add(new Read(p, n + (terminated ? 1 : 0)));
                    text = pad("", s.toString(), width, left, false);
                }
                case 'n' -> {
                    Value v = next < args.size() ? args.get(next++) : null;
                    if (!(v instanceof Value.Ptr p)) throw Abandon.unsupported(name + " %n of " + v);
                    counts.add(new Count(p, size, out.size()));
                    text = "";
                }
                default -> throw Abandon.unsupported(name + " conversion %" + (char) c);
            }
            for (int k = 0; k < text.length(); k++) out.write(text.charAt(k));
            if (out.size() > Memory.MAX_OBJECT) throw Abandon.unsupported(name + " output too long");
        }
        return new Result(out.toByteArray(), reads, counts);
    }

    /** The byte at offset {@code off} of {@code p}'s object: in bounds, written, known. */
    /**
     * The strings a printf format's {@code %s} conversions read, as glibc reads them (up to and including the
     * terminator, or as far as the precision), found without formatting; null when the scan cannot tell (a byte not
     * known, positional arguments, a wide string, a null {@code %s} argument, {@code %n}, a conversion it does not know,
     * more than {@link #MOST_STRINGS} strings). The reproducer's scan ({@code weft_libaccess.c}) gives up where this one does.
     */
    static final int MOST_STRINGS = 32;

    static List<Read> stringReads(Memory mem, Value.Ptr format, List<Value> args) {
        List<Read> reads = new ArrayList<>();
        int next = 0;
        long i = format.off();
        while (true) {
            int b = byteAt(mem, format, i++);
            if (b <= 0) return b == 0 ? reads : null;
            if (b != '%') continue;
            int c = byteAt(mem, format, i++);
            if (c == '%') continue;
            while (c > 0 && "-+ #0'".indexOf(c) >= 0) c = byteAt(mem, format, i++);
            if (c == '*') {
                next++;
                c = byteAt(mem, format, i++);
            } else {
                while (c >= '0' && c <= '9') c = byteAt(mem, format, i++);
            }
            long precision = -1;
            if (c == '.') {
                c = byteAt(mem, format, i++);
                if (c == '*') {
                    if (!(next < args.size() && args.get(next++) instanceof Value.Int p)) return null;
                    precision = p.v() < 0 ? -1 : p.v();
                    c = byteAt(mem, format, i++);
                } else {
                    precision = 0;
                    while (c >= '0' && c <= '9') {
                        precision = Math.min(precision * 10 + (c - '0'), Memory.MAX_OBJECT);
                        c = byteAt(mem, format, i++);
                    }
                }
            }
            boolean wide = false;
            while (c > 0 && "hlLqjzt".indexOf(c) >= 0) {
                wide |= c == 'l';
                c = byteAt(mem, format, i++);
            }
            switch (c) {
                case 'd', 'i', 'u', 'x', 'X', 'o', 'c', 'p', 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A' -> next++;
                case 'm' -> { }
                case 's' -> {
                    if (wide || reads.size() == MOST_STRINGS || !(next < args.size() && args.get(next++) instanceof Value.Ptr p)) return null;
                    long n = 0;
                    boolean terminated = false;
                    while (precision < 0 || n < precision) {
                        int ch = byteAt(mem, p, p.off() + n);
                        if (ch < 0) return null;
                        if (ch == 0) {
                            terminated = true;
                            break;
                        }
                        n++;
                    }
                    reads.add(new Read(p, n + (terminated ? 1 : 0)));
                }
                default -> {
                    return null;
                }
            }
        }
    }

    /** The length of the string at {@code p} with its terminator, or -1 when a byte of it is not known (or out of bounds). */
    static long knownLength(Memory mem, Value.Ptr p) {
        for (long n = 0; ; n++) {
            int b = byteAt(mem, p, p.off() + n);
            if (b <= 0) return b == 0 ? n + 1 : -1;
        }
    }

    /** The byte at {@code off} of {@code p}'s object, or -1 when it is out of bounds, dead, opaque or not known. */
    private static int byteAt(Memory mem, Value.Ptr p, long off) {
        Block o = mem.get(p.obj());
        if (!o.alive || o.opaque || off < 0 || off >= o.size || p.bounded() && off >= p.hi() || o.anyUnknown(off, 1)) return -1;
        return mem.readByte(p.obj(), off);
    }

    private int known(Value.Ptr p, long off, String name) {
        return known(mem, p, off, name);
    }

    /**
     * The byte at offset {@code off} of {@code p}'s object for a library function reading text ({@code name}): in
     * bounds (of the member array too), known; else the execution stops.
     */
    static int known(Memory mem, Value.Ptr p, long off, String name) {
        Block o = mem.get(p.obj());
        if (off < 0 || off >= o.size || (p.bounded() && off >= p.hi())) throw Abandon.unsupported(name + " reads past the end of " + o.name);
        if (o.anyUnknown(off, 1)) throw Abandon.unsupported(name + " of a byte not known");
        return mem.readByte(p.obj(), off);
    }

    /** The known text at {@code p} up to its terminator, read by the call (an access of it and the terminator). */
    static String knownString(ExecState st, LibraryFunctions lib, Ctx c, weft.ir.Stmt.Call call, String name, Value.Ptr p) {
        byte[] b = knownBytes(st, p, name);
        lib.access(c, p, b.length + 1L, false, call, name);
        return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** The {@code n} known bytes at {@code p} (within its object, and its member when bounded), no access recorded. */
    static byte[] knownBytes(ExecState st, Value.Ptr p, long n, String name) {
        if (n < 0 || n > Memory.MAX_OBJECT) throw Abandon.unsupported(name + " of " + n + " bytes");
        byte[] b = new byte[(int) n];
        for (int i = 0; i < n; i++) b[i] = (byte) known(st.mem, p, p.off() + i, name);
        return b;
    }

    /** The known bytes at {@code p} before its terminator, no access recorded (a call that reads only part of them). */
    static byte[] knownBytes(ExecState st, Value.Ptr p, String name) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (long i = p.off(); ; i++) {
            int ch = known(st.mem, p, i, name);
            if (ch == 0) return out.toByteArray();
            out.write(ch);
        }
    }

    private static long intArg(List<Value> args, int i, String name) {
        Value v = i < args.size() ? args.get(i) : null;
        if (v instanceof Value.Int n) return n.v();
        throw Abandon.unsupported(name + " integer conversion of " + v);
    }

    /** Digits at least {@code precision} long; precision 0 and value 0 print nothing (C11 7.21.6.1p8). */
    private static String digits(String raw, int precision, boolean isZero) {
        if (precision == 0 && isZero) return "";
        if (precision > raw.length()) return "0".repeat(precision - raw.length()) + raw;
        return raw;
    }

    private static String pad(String prefix, String body, int width, boolean left, boolean zero) {
        int fill = Math.max(0, width - prefix.length() - body.length());
        if (fill == 0) return prefix + body;
        if (left) return prefix + body + " ".repeat(fill);
        if (zero) return prefix + "0".repeat(fill) + body;
        return " ".repeat(fill) + prefix + body;
    }
}
