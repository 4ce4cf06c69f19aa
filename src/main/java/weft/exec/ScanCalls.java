package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code sscanf} and {@code vsscanf} computed as glibc computes them in the C locale ({@link Semantics.ScanString}):
 * white space in the format skips white space in the input, other characters match themselves, and the conversions
 * {@code %d %i %u %o %x %X} (with the length modifiers {@code hh h l ll j z t}), {@code %s}, {@code %c}, {@code %n} and
 * {@code %%}, each with a field width and {@code *}, store through the pointer arguments. The result is the number of
 * assignments, or {@code EOF} when the input ends before the first conversion. Any other conversion (floating point,
 * scan sets, {@code %p}) stops the run, as does what C leaves undefined: too few pointers, a number outside the
 * target's type, a target that overlaps the input or the format.
 *
 * <p>Accesses: the whole input string (glibc's string stream takes its length first) and the format are read, each
 * target written over the bytes its conversion stores ({@code %s}: the text and its terminator). The same scan reads
 * the standard input ({@code scanf}, {@code vscanf}, {@code fscanf(stdin, ...)}: {@code weft.exec.Streams}), whose
 * characters are the world's.
 */
final class ScanCalls {
    private ScanCalls() {
    }

    private record Store(Value.Ptr at, long size, long value, byte[] bytes) {}

    /**
     * The characters a scan reads, -1 past the end: a string's, or a stream's ({@code weft.exec.Streams}: the standard
     * input's, drawn as they are asked for). Asked in increasing order, at most one past the last one consumed.
     */
    interface Input {
        int at(int i);
    }

    /** What a scan did: its stores, the characters it consumed, its result (assignments, or EOF). */
    record Scan(List<Store> stores, int consumed, int result) {}

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                       Semantics.ScanString ss, List<Value> args) {
        ExecState st = in.st;
        Value.Ptr s = LibraryFunctions.ptr(LibraryBehaviour.arg(args, ss.input()), name);
        Value.Ptr f = LibraryFunctions.ptr(LibraryBehaviour.arg(args, ss.format()), name);
        byte[] input = Formatter.knownBytes(st, s, lib.strlen(s), name);
        lib.access(c, s, input.length + 1L, false, call, name);
        byte[] fmt = format(st, lib, c, call, name, f);
        Scan r = scan(st, fmt, i -> i < input.length ? input[i] & 0xff : -1, VarArgs.afterFormat(st.mem, args, ss.format(), ss.vaList(), name), false, name);
        for (Store x : r.stores()) {
            if (LibraryFunctions.overlaps(x.at(), x.size(), s, input.length + 1L) || LibraryFunctions.overlaps(x.at(), x.size(), f, fmt.length + 1L)) {
                throw Abandon.unsupported(name + " into its input or format");
            }
        }
        store(st, lib, c, call, name, r);
        return in.finishCall(t, c, e, Value.of(r.result()), null);
    }

    /** The format's bytes, read (an access unless it is read-only). */
    static byte[] format(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Value.Ptr f) {
        byte[] fmt = Formatter.knownBytes(st, f, lib.strlen(f), name);
        if (!st.mem.get(f.obj()).readOnly) lib.access(c, f, fmt.length + 1L, false, call, name);
        return fmt;
    }

    /** The scan's stores made: each target written over the bytes its conversion stores. */
    static void store(ExecState st, LibraryFunctions lib, Ctx c, Stmt.Call call, String name, Scan r) {
        for (Store x : r.stores()) {
            lib.access(c, x.at(), x.size(), true, call, name);
            if (c.dry) continue;
            if (x.bytes() != null) st.mem.writeBytes(x.at().obj(), x.at().off(), x.bytes());
            else st.mem.write(x.at().obj(), x.at().off(), new CType.Int("int", x.size(), x.size(), true), Value.of(x.value()));
        }
    }

    /**
     * The format {@code fmt} applied to {@code input}, as glibc's {@code vfscanf} does in the C locale. {@code stream}:
     * the input is a stream's, whose characters are consumed as glibc reads them, one pushed back at most; where glibc
     * consumes characters a string scan would not count (a sign without a digit, a {@code 0x} prefix, a {@code %c}
     * field cut short by the end, whose characters it has stored) the run stops.
     */
    static Scan scan(ExecState st, byte[] fmt, Input input, List<Value> targets, boolean stream, String name) {
        List<Store> stores = new ArrayList<>();
        int ip = 0, next = 0, assigned = 0, conversions = 0;
        boolean inputFailure = false;
        scan:
        for (int k = 0; k < fmt.length; k++) {
            int ch = fmt[k] & 0xff;
            if (space(ch)) {
                while (space(input.at(ip))) ip++;
                continue;
            }
            if (ch != '%') {
                if (input.at(ip) < 0) {
                    inputFailure = true;
                    break;
                }
                if (input.at(ip) != ch) break;
                ip++;
                continue;
            }
            k++;
            if (k >= fmt.length) throw Abandon.unsupported(name + " with a format ending in %");
            boolean suppress = fmt[k] == '*';
            if (suppress) k++;
            int width = 0;
            while (k < fmt.length && fmt[k] >= '0' && fmt[k] <= '9') width = width * 10 + (fmt[k++] - '0');
            long size = 4;
            if (k + 1 < fmt.length && fmt[k] == 'h' && fmt[k + 1] == 'h') { size = 1; k += 2; }
            else if (k < fmt.length && fmt[k] == 'h') { size = 2; k++; }
            else if (k + 1 < fmt.length && fmt[k] == 'l' && fmt[k + 1] == 'l') { size = 8; k += 2; }
            else if (k < fmt.length && fmt[k] == 'l') { size = st.dm.longSize; k++; }
            else if (k < fmt.length && fmt[k] == 'j') { size = 8; k++; }
            else if (k < fmt.length && (fmt[k] == 'z' || fmt[k] == 't')) { size = st.dm.pointerSize; k++; }
            if (k >= fmt.length) throw Abandon.unsupported(name + " with an incomplete conversion");
            int conv = fmt[k] & 0xff;
            if (conv == '%') {
                while (space(input.at(ip))) ip++;
                if (input.at(ip) < 0) {
                    inputFailure = true;
                    break;
                }
                if (input.at(ip) != '%') break;
                ip++;
                continue;
            }
            if (conv == 'n') {
                if (!suppress) stores.add(new Store(target(targets, next++, name), size, ip, null));
                continue;
            }
            int limit = width == 0 ? Integer.MAX_VALUE : width;
            switch (conv) {
                case 'd', 'i', 'u', 'o', 'x', 'X' -> {
                    while (space(input.at(ip))) ip++;
                    if (input.at(ip) < 0) {
                        inputFailure = true;
                        break scan;
                    }
                    int base = conv == 'd' || conv == 'u' ? 10 : conv == 'o' ? 8 : conv == 'i' ? 0 : 16;
                    long end = limit == Integer.MAX_VALUE ? Long.MAX_VALUE : (long) ip + limit;
                    int q = ip;
                    boolean negative = false;
                    if (q < end && (input.at(q) == '+' || input.at(q) == '-')) negative = input.at(q++) == '-';
                    if ((base == 0 || base == 16) && q + 1 < end && input.at(q) == '0' && (input.at(q + 1) | 0x20) == 'x') {
                        if (stream) throw Abandon.unsupported(name + " of a 0x prefix on a stream");
                        base = 16;
                        q += 2;
                    } else if (base == 0) {
                        base = q < end && input.at(q) == '0' ? 8 : 10;
                    }
                    int start = q;
                    BigInteger v = BigInteger.ZERO;
                    for (int d; q < end && (d = NumberParsing.digit(input.at(q))) >= 0 && d < base; q++) v = v.multiply(BigInteger.valueOf(base)).add(BigInteger.valueOf(d));
                    if (q == start) {
                        // glibc's "0x" without a digit reads the 0; anything else without a digit is a matching failure
                        if (base == 16 && start >= 2 && input.at(start - 2) == '0') throw Abandon.unsupported(name + " of a bare 0x");
                        if (stream && start > ip) throw Abandon.unsupported(name + " of a sign without a digit on a stream");
                        break scan;
                    }
                    if (negative) v = v.negate();
                    BigInteger lo = BigInteger.ONE.shiftLeft((int) size * 8 - 1).negate();
                    BigInteger hi = BigInteger.ONE.shiftLeft((int) size * 8).subtract(BigInteger.ONE);
                    boolean signed = conv == 'd' || conv == 'i';
                    if (v.compareTo(signed ? lo : hi.negate()) < 0 || v.compareTo(signed ? hi.shiftRight(1) : hi) > 0) {
                        throw Abandon.unsupported(name + " of a number its target cannot hold");
                    }
                    ip = q;
                    conversions++;
                    if (!suppress) {
                        stores.add(new Store(target(targets, next++, name), size, v.longValue(), null));
                        assigned++;
                    }
                }
                case 's' -> {
                    while (space(input.at(ip))) ip++;
                    if (input.at(ip) < 0) {
                        inputFailure = true;
                        break scan;
                    }
                    int q = ip;
                    while (q - ip < limit && input.at(q) >= 0 && !space(input.at(q))) q++;
                    byte[] text = new byte[q - ip + 1];
                    for (int j = ip; j < q; j++) text[j - ip] = (byte) input.at(j);
                    ip = q;
                    conversions++;
                    if (!suppress) {
                        stores.add(new Store(target(targets, next++, name), text.length, 0, text));
                        assigned++;
                    }
                }
                case 'c' -> {
                    int n = width == 0 ? 1 : width;
                    byte[] text = new byte[n];
                    for (int j = 0; j < n; j++) {
                        if (input.at(ip + j) < 0) {
                            if (stream && j > 0) throw Abandon.unsupported(name + " of a %c field the stream's end cuts short");
                            inputFailure = true;
                            break scan;
                        }
                        text[j] = (byte) input.at(ip + j);
                    }
                    ip += n;
                    conversions++;
                    if (!suppress) {
                        stores.add(new Store(target(targets, next++, name), n, 0, text));
                        assigned++;
                    }
                }
                default -> throw Abandon.unsupported(name + " conversion %" + (char) conv);
            }
        }
        return new Scan(stores, ip, inputFailure && conversions == 0 ? -1 : assigned);
    }

    private static Value.Ptr target(List<Value> targets, int k, String name) {
        if (k >= targets.size()) throw Abandon.unsupported(name + " with fewer pointers than conversions");
        return LibraryFunctions.ptr(targets.get(k), name);
    }

    /** C's isspace in the C locale (-1, the end, is none). */
    private static boolean space(int ch) {
        return ch == ' ' || ch >= '\t' && ch <= '\r';
    }
}
