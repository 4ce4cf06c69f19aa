package weft.exec;

import weft.exec.state.*;

import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.HashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Files as the world's answers ({@link Semantics.OpenStream}, {@link Semantics.ReadStream},
 * {@link Semantics.CloseStream}): {@code fopen} opens a file or fails, an input the search chooses (first a new stream
 * of an empty file, then a failure with {@code ENOENT}) and records for the witness under the call's name (0: opened,
 * 1: failed); reads from a stream the run opened meet the end of the file at once and write nothing; {@code fclose}
 * of such a stream returns 0. Each stream's end-of-file indicator is kept ({@link Sync#streams}), read by
 * {@code feof}, cleared by {@code clearerr}, {@code rewind} and {@code fseek}; a read of a stream whose end-of-file
 * indicator is set returns EOF without reading (C11 7.21.7.1p3), and the standard input, once its end was met, has no
 * more bytes (the reproducer's pipe is closed after them); {@code ferror} answers for streams that are only read.
 * The reproducer's {@code fopen} gives the same answers ({@code /dev/null}, opened with the program's mode, is an
 * empty file that takes any output and keeps its position at 0; a failure returns null with {@code errno}
 * {@code ENOENT}).
 *
 * <p>Soundness: every run is a real execution under one environment, an empty file being one a program may meet
 * (C11 7.21.7.1p3: {@code fgetc} returns EOF at the end of the file; 7.21.7.2p3: {@code fgets} returns a null pointer
 * and leaves the array unchanged when it reads no character; 7.21.8.1p3: {@code fread} returns 0). The choice is an
 * input: the exhaustive exploration stops at it, and at a read from any stream (a file's contents are inputs a proof
 * does not enumerate). A stream the run did not open (the standard streams, an unknown pointer) stops the run, as
 * before.
 */
final class Streams {
    /** The name of a stream object the run opened (its site follows). */
    static final String OPENED = "FILE opened at ";

    private Streams() {
    }

    static boolean open(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                        Semantics.OpenStream o, List<Value> args) {
        ExecState st = in.st;
        // tmpfile (no path): a new empty file opened "w+", which the search takes to succeed (recorded: 0)
        boolean temporary = o.path() < 0 && o.fd() < 0;
        long fd = -1;
        if (o.fd() >= 0) {
            // fdopen: a stream on a socket or file the run opened (a pipe's end went to weft.exec.Pipes, which stops)
            fd = LibraryBehaviour.arg(args, o.fd()) instanceof Value.Int i ? i.v() : -1;
            Descriptors.Entry x = st.sync.descriptors.get(fd);
            if (x == null || x.kind() != Descriptors.Kind.SOCKET && x.kind() != Descriptors.Kind.FILE || fd >= 1 << 10) {
                throw Abandon.unsupported(name + " of descriptor " + LibraryBehaviour.arg(args, o.fd()) + ", not a socket or file the run opened");
            }
        }
        if (!temporary && fd < 0) Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, o.path()), name));
        String mode = temporary ? "w+" : Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, o.mode()), name));
        if (o.process() && !mode.matches("[rw]e?")) {
            // popen: glibc refuses any other mode (EINVAL) before it starts the command
            if (!c.dry) st.setErrno(t, Errno.EINVAL);
            return in.finishCall(t, c, e, Value.ZERO, null);
        }
        checkMode(mode, name);
        if (o.process() && st.exhaustive) throw Abandon.unsupported(name + ": the command is the world's");
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        Value status = Value.ZERO;
        if (temporary) {
            if (st.exhaustive) throw Abandon.unsupported(name + ": a file of the world's");
            st.logNondet(name, call.loc(), "0");
        } else {
            status = st.chooseInput(IntConversions.INT, name, call.loc(), 0, 1);
        }
        if (status instanceof Value.Int s && s.v() == 0) {
            Block f = st.mem.create(OPENED + call.loc().shortString(), Block.Kind.SPECIAL, 0, -1, call.loc());
            f.opaque = true;
            if (writable(mode)) set(st, f.id, WRITABLE | (temporary ? TEMPORARY : 0));
            if (o.process()) set(st, f.id, COMMAND);
            if (fd >= 0) set(st, f.id, ON_DESCRIPTOR | (int) fd << DESCRIPTOR_SHIFT);
            return in.finishCall(t, c, e, new Value.Ptr(f.id, 0), null);
        }
        // fdopen fails with ENOMEM (the descriptor's access mode, which glibc checks, is the world's too: EINVAL)
        st.setErrno(t, o.process() ? Errno.EAGAIN : fd >= 0 ? Errno.EINVAL : Errno.ENOENT);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /**
     * {@code freopen(path, mode, stream)} ({@link Semantics.ReopenStream}) of a standard stream or one the run opened
     * (not popen's or fdopen's): glibc flushes and closes the stream's file and opens the file at {@code path} on the
     * same stream (a standard stream keeps its descriptor number). The file is the world's, taken to open (recorded 0:
     * the reproducer's freopen opens {@code /dev/null} with the mode, as its fopen does): from then on the stream is one
     * the run opened, an empty file (its reads meet the end at once), writable as the mode says; its indicators and a
     * character pushed back are cleared. The path and mode are read; a null path (a mode change of the same file) and
     * proofs stop.
     */
    static boolean reopen(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                          Semantics.ReopenStream r, List<Value> args) {
        ExecState st = in.st;
        Value stream = LibraryBehaviour.arg(args, r.stream());
        int obj = known(st, stream, name);
        if ((indicators(st, obj) & (COMMAND | ON_DESCRIPTOR)) != 0) throw Abandon.unsupported(name + " of a stream popen or fdopen made");
        if (LibraryBehaviour.arg(args, r.path()) instanceof Value.Int z && z.v() == 0) throw Abandon.unsupported(name + " without a path (a mode change)");
        Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.path()), name));
        String mode = Formatter.knownString(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.mode()), name));
        checkMode(mode, name);
        if (st.exhaustive) throw Abandon.unsupported(name + ": a file of the world's");
        if (c.dry) return in.finishCall(t, c, e, stream, null);
        st.logNondet(name, call.loc(), "0");
        boolean standard = !st.mem.get(obj).name.startsWith(OPENED);
        clear(st, obj, ~0);
        int bits = (standard ? REOPENED : 0) | (writable(mode) ? WRITABLE : 0);
        if (bits != 0) set(st, obj, bits);
        return in.finishCall(t, c, e, stream, null);
    }

    /** A mode {@code fopen} and {@code freopen} model: it starts with {@code r}, {@code w} or {@code a}; else the run stops. */
    private static void checkMode(String mode, String name) {
        if (mode.isEmpty() || "rwa".indexOf(mode.charAt(0)) < 0) throw Abandon.unsupported(name + " with the mode \"" + mode + "\"");
    }

    /** Whether a stream opened with {@code mode} is written to: any mode but reading alone. */
    private static boolean writable(String mode) {
        return mode.charAt(0) != 'r' || mode.indexOf('+') >= 0;
    }

    /** The C library's standard input stream object's name. */
    static final String STDIN = "stdin";

    static boolean read(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics.ReadStream r,
                        List<Value> args) {
        ExecState st = in.st;
        Value stream = r.stream() < 0 ? stdin(st) : LibraryBehaviour.arg(args, r.stream());
        if (isStdin(st, stream) && r.formatted()) return scanStdin(in, lib, t, c, e, call, name, r, args, ((Value.Ptr) stream).obj());
        if (stream instanceof Value.Ptr sp && (indicators(st, sp.obj()) & PUSHED_BACK) != 0) {
            // the character ungetc pushed back comes first: the program's, not the world's (not recorded)
            if (r.end() != -1 || r.formatted()) throw Abandon.unsupported(name + " after ungetc (only a character read is modelled)");
            int pushed = (indicators(st, sp.obj()) >>> PUSHED_SHIFT) & 0xff;
            if (!c.dry) clear(st, sp.obj(), PUSHED_BACK | 0xff << PUSHED_SHIFT);
            return in.finishCall(t, c, e, Value.of(pushed), null);
        }
        if (isStdin(st, stream) && r.end() == -1 && !r.formatted()) {
            // a character read from the standard input: the world's byte (or its end), an input recorded under the
            // function's name (the reproducer feeds the bytes to the program's standard input); a proof stops there
            if (st.exhaustive) throw Abandon.unsupported(name + ": the standard input is an input");
            if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
            int obj = ((Value.Ptr) stream).obj();
            // C11 7.21.7.1p3: with the end-of-file indicator set, fgetc returns EOF without reading; and once the end
            // was met, the reproducer's pipe holds no more bytes (clearerr does not bring any back)
            if ((indicators(st, obj) & (END_OF_FILE | INPUT_ENDED)) != 0) {
                set(st, obj, END_OF_FILE);
                return in.finishCall(t, c, e, Value.of(-1), null);
            }
            Value b = st.chooseStdinByte(name, e.stmt().loc(), t.top().fn);
            if (b instanceof Value.Int i && i.v() == -1) set(st, obj, END_OF_FILE | INPUT_ENDED);
            return in.finishCall(t, c, e, b, null);
        }
        opened(st, stream, name);
        if (st.exhaustive) throw Abandon.unsupported(name + ": a file's contents are inputs");
        temporaryRead(st, stream, name);
        if (!c.dry) set(st, ((Value.Ptr) stream).obj(), END_OF_FILE);
        return in.finishCall(t, c, e, Value.of(r.end()), null);
    }

    /**
     * {@code scanf}, {@code vscanf}, {@code fscanf(stdin, ...)}: the format applied to the standard input's characters
     * as glibc's {@code vfscanf} applies it ({@link ScanCalls#scan}), each character the world's (as a character read's,
     * {@link ExecState#chooseStdinByte}, recorded under the function's name after their count: the reproducer feeds them
     * to the program's standard input), drawn as the scan asks for it: the character {@code ungetc} (or an earlier scan) pushed back
     * first, the end for good once met. The character read past the last one consumed is pushed back (glibc's
     * {@code ungetc}), the next read's first. Planned as the default answer, the end at once: the format read, nothing
     * stored. A proof stops.
     */
    /** The characters one formatted read of the standard input may take here (a search's chooser may give digits for ever). */
    private static final int SCANNED_AT_MOST = 64;

    private static boolean scanStdin(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                                     Semantics.ReadStream r, List<Value> args, int obj) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": the standard input is an input");
        byte[] fmt = ScanCalls.format(st, lib, c, call, name, LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.format()), name));
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        List<Integer> drawn = new ArrayList<>();
        // recorded: how many characters the world gave (the reproducer's count), then each
        String given = st.reserveNondet(name, e.stmt().loc());
        int[] worldGiven = {0};
        ScanCalls.Input input = i -> {
            while (drawn.size() <= i) {
                if (drawn.size() >= SCANNED_AT_MOST) throw Abandon.unsupported(name + " reading more than " + SCANNED_AT_MOST + " characters");
                int b;
                int flags = indicators(st, obj);
                if (!drawn.isEmpty() && drawn.get(drawn.size() - 1) < 0) {
                    b = -1;
                } else if ((flags & PUSHED_BACK) != 0) {
                    b = (flags >>> PUSHED_SHIFT) & 0xff;
                    clear(st, obj, PUSHED_BACK | 0xff << PUSHED_SHIFT);
                } else if ((flags & (END_OF_FILE | INPUT_ENDED)) != 0) {
                    // C11 7.21.7.1p3, as for a character read: the indicator set, no character is read
                    set(st, obj, END_OF_FILE);
                    b = -1;
                } else {
                    b = (int) ((Value.Int) st.chooseStdinByte(name, e.stmt().loc(), t.top().fn, true)).v();
                    if (b < 0) set(st, obj, END_OF_FILE | INPUT_ENDED);
                    st.fillNondet(given, ++worldGiven[0]);
                }
                drawn.add(b);
            }
            return drawn.get(i);
        };
        ScanCalls.Scan done = ScanCalls.scan(st, fmt, input, VarArgs.afterFormat(st.mem, args, r.format(), r.vaList(), name), true, name);
        List<Integer> unread = drawn.subList(Math.min(done.consumed(), drawn.size()), drawn.size()).stream().filter(b -> b >= 0).toList();
        if (unread.size() > 1) throw Abandon.unsupported(name + " reading " + unread.size() + " characters past what it consumed");
        if (unread.size() == 1) set(st, obj, PUSHED_BACK | unread.get(0) << PUSHED_SHIFT);
        ScanCalls.store(st, lib, c, call, name, done);
        return in.finishCall(t, c, e, Value.of(done.result()), null);
    }

    /**
     * A stream's end-of-file indicator, (the standard input's) the end of the input met, (an opened stream's) that it
     * was opened for writing, and that it is {@code tmpfile}'s. No error indicator is kept: only streams nothing writes
     * to are asked for it, and their reads do not fail.
     */
    static final int END_OF_FILE = 1, INPUT_ENDED = 4, WRITABLE = 8, TEMPORARY = 16, COMMAND = 32, PUSHED_BACK = 64, PUSHED_SHIFT = 8;
    /** A standard stream {@code freopen} opened again on a file of the world's: an opened stream from then on. */
    static final int REOPENED = 1 << 27;
    /** A stream {@code fdopen} made: its descriptor in the bits from {@link #DESCRIPTOR_SHIFT} (below 1024), closed by its {@code fclose}. */
    static final int ON_DESCRIPTOR = 1 << 16, DESCRIPTOR_SHIFT = 17;

    /**
     * {@code ungetc(c, stream)} ({@link Semantics.UnreadStream}) of the standard input or a stream the run opened: the
     * character (as an {@code unsigned char}) is the next one a character read gives, before the file's; the
     * end-of-file indicator is cleared (C11 7.21.7.10); {@code EOF} pushes nothing back and is returned. A second
     * push-back before a read (glibc keeps more, C guarantees one) and a read other than a character's stop the run.
     */
    static boolean unread(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.UnreadStream u, List<Value> args) {
        ExecState st = in.st;
        Value stream = LibraryBehaviour.arg(args, u.stream());
        if (!isStdin(st, stream)) opened(st, stream, name);
        if (!(LibraryBehaviour.arg(args, u.character()) instanceof Value.Int ch)) throw Abandon.unsupported(name + " of an unknown character");
        if ((int) ch.v() == -1) return in.finishCall(t, c, e, Value.of(-1), null);
        int obj = ((Value.Ptr) stream).obj();
        if ((indicators(st, obj) & PUSHED_BACK) != 0) throw Abandon.unsupported(name + " twice before a read (not modelled)");
        long b = ch.v() & 0xff;
        if (!c.dry) {
            clear(st, obj, END_OF_FILE);
            set(st, obj, PUSHED_BACK | (int) b << PUSHED_SHIFT);
        }
        return in.finishCall(t, c, e, Value.of(b), null);
    }

    /** Whether a stream popen opened is open in the run (its command is a child of the process). */
    static boolean commandOpen(ExecState st) {
        return st.sync.streams.values().stream().anyMatch(v -> (v & COMMAND) != 0);
    }

    /**
     * A read of {@code tmpfile}'s stream stops the run: a temporary file is a regular file that gives back what the
     * program wrote into it, which the model does not follow (a path {@code fopen} opens may be a device that keeps
     * nothing, as the reproducer's {@code /dev/null} is; a temporary file may not).
     */
    private static void temporaryRead(ExecState st, Value stream, String name) {
        if ((indicators(st, ((Value.Ptr) stream).obj()) & TEMPORARY) != 0) {
            throw Abandon.unsupported(name + " of a temporary file (it gives back what was written)");
        }
    }

    /** The indicators of stream object {@code obj} ({@link Sync#streams}; none when it has no entry). */
    static int indicators(ExecState st, int obj) {
        return st.sync.streams.getOrDefault(obj, 0);
    }

    private static void set(ExecState st, int obj, int bits) {
        Map<Integer, Integer> m = new HashMap<>(st.sync.streams);
        m.put(obj, indicators(st, obj) | bits);
        st.sync.streams = Map.copyOf(m);
    }

    /** Clears {@code bits} of stream object {@code obj}'s indicators (its entry removed when none is left). */
    private static void clear(ExecState st, int obj, int bits) {
        int left = indicators(st, obj) & ~bits;
        if (left == indicators(st, obj)) return;
        Map<Integer, Integer> m = new HashMap<>(st.sync.streams);
        if (left == 0) m.remove(obj); else m.put(obj, left);
        st.sync.streams = Map.copyOf(m);
    }

    /**
     * {@code feof}, {@code ferror}, {@code clearerr} ({@link Semantics.StreamIndicator}) of a standard stream or one the
     * run opened: its end-of-file indicator (set by a read that met the end: every read of an opened stream, which is an
     * empty file, and a read of the standard input that met its end), both indicators cleared, and the error indicator
     * of a stream only read: never set (a read of the empty file, or of the standard input the reproducer feeds through
     * a pipe, does not fail). Whether a write failed is the world's (a flush's result is an input, and the reproducer's
     * stream is not the witness's): {@code ferror} of the standard output streams, or of a stream opened for writing,
     * stops the run. Another stream stops the run.
     */
    static boolean indicator(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.StreamIndicator si, List<Value> args) {
        ExecState st = in.st;
        int obj = known(st, LibraryBehaviour.arg(args, si.stream()), name);
        return switch (si.op()) {
            case "eof" -> in.finishCall(t, c, e, (indicators(st, obj) & END_OF_FILE) != 0 ? Value.ONE : Value.ZERO, IntConversions.INT);
            case "error" -> {
                String object = st.mem.get(obj).name;
                if ((indicators(st, obj) & WRITABLE) != 0 || !object.startsWith(OPENED) && !object.equals(STANDARD.get(0))) {
                    throw Abandon.unsupported(name + " of a stream written to: whether its writes failed is the world's");
                }
                yield in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            }
            default -> {
                if (!c.dry) clear(st, obj, END_OF_FILE);
                yield in.finishCall(t, c, e, Value.ZERO, null);
            }
        };
    }

    /**
     * {@code fseek}, {@code fseeko}, {@code ftell}, {@code ftello} ({@link Semantics.StreamPosition}) of a stream the run
     * opened only for reading: its file is the reproducer's {@code /dev/null}, whose position Linux keeps at 0 whatever
     * a seek asks: a seek with a valid origin ({@code SEEK_SET}, {@code SEEK_CUR}, {@code SEEK_END}) returns 0 and clears
     * the end-of-file indicator (C11 7.21.9.2p5), another fails with {@code EINVAL}; a tell returns 0. A stream written
     * to (its position counts what is buffered), or another stream, stops the run.
     */
    static boolean position(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                            Semantics.StreamPosition sp, List<Value> args) {
        ExecState st = in.st;
        Value v = LibraryBehaviour.arg(args, sp.stream());
        opened(st, v, name);
        int obj = ((Value.Ptr) v).obj();
        if ((indicators(st, obj) & WRITABLE) != 0) throw Abandon.unsupported(name + " of a stream written to");
        if (st.exhaustive) throw Abandon.unsupported(name + ": a file's position is the world's");
        if (sp.pos() >= 0) {
            // fgetpos: {position 0, initial conversion state}; fsetpos: back to a position, which must be that one
            Value.Ptr p = LibraryFunctions.ptr(LibraryBehaviour.arg(args, sp.pos()), name);
            long size = st.dm.longSize + 8L; // fpos_t: the offset (a long), then the 8-byte conversion state
            if (sp.whence() < 0) {
                lib.access(c, p, size, true, call, name);
                if (!c.dry) st.mem.fill(p.obj(), p.off(), size, (byte) 0);
                return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
            }
            lib.access(c, p, size, false, call, name);
            if (!c.dry) clear(st, obj, END_OF_FILE);
            return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
        }
        if (sp.whence() < 0) return in.finishCall(t, c, e, Value.ZERO, null);
        if (!(LibraryBehaviour.arg(args, sp.whence()) instanceof Value.Int w)) throw Abandon.unsupported(name + " of an unknown origin");
        if (w.v() < 0 || w.v() > 2) {
            if (!c.dry) st.setErrno(t, Errno.EINVAL);
            return in.finishCall(t, c, e, Value.of(-1), IntConversions.INT);
        }
        if (!c.dry) clear(st, obj, END_OF_FILE);
        return in.finishCall(t, c, e, Value.ZERO, IntConversions.INT);
    }

    /** glibc's {@code _IOFBF}, {@code _IOLBF}, {@code _IONBF}: the modes {@code setvbuf} accepts (0, 1, 2). */
    private static final long LAST_MODE = 2;

    /**
     * {@code setvbuf}, {@code setbuf}, {@code setlinebuf} ({@link Semantics.SetBuffering}) of a standard stream or one
     * the run opened, with no buffer of the program's (a buffer the library would write into stops the run): the
     * buffering changes only when output reaches the file, which the model does not follow; {@code setvbuf} returns 0,
     * or EOF with {@code EINVAL} for a mode other than the three (glibc).
     */
    static boolean buffering(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.SetBuffering sb, List<Value> args) {
        ExecState st = in.st;
        known(st, LibraryBehaviour.arg(args, sb.stream()), name);
        if (sb.buf() >= 0 && !(LibraryBehaviour.arg(args, sb.buf()) instanceof Value.Int z && z.v() == 0)) {
            throw Abandon.unsupported(name + " with a buffer of the program's");
        }
        if (sb.mode() >= 0) {
            if (!(LibraryBehaviour.arg(args, sb.mode()) instanceof Value.Int m)) throw Abandon.unsupported(name + " of an unknown mode");
            if (m.v() < 0 || m.v() > LAST_MODE) {
                if (!c.dry) st.setErrno(t, Errno.EINVAL);
                return in.finishCall(t, c, e, Value.of(-1), IntConversions.INT);
            }
        }
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /** The object of {@code v}, a standard stream or one the run opened (else the run stops). */
    static int known(ExecState st, Value v, String name) {
        if (isStream(st, v)) return ((Value.Ptr) v).obj();
        throw Abandon.unsupported(name + " of a stream the run did not open");
    }

    /**
     * Whether {@code v} points to a stream: a standard stream or one the run opened (a stream on memory reaches only
     * the stream locks here: {@link MemoryStreams#use} runs or stops its other calls).
     */
    static boolean isStream(ExecState st, Value v) {
        if (!(v instanceof Value.Ptr p) || p.off() != 0) return false;
        String object = st.mem.get(p.obj()).name;
        return object.startsWith(OPENED) || STANDARD.contains(object) || object.startsWith(MemoryStreams.OPENED);
    }

    /** The standard streams' objects, in descriptor order. */
    private static final List<String> STANDARD = List.of("FILE " + STDIN, "FILE stdout", "FILE stderr");

    /** glibc's first allocation for a line ({@code getdelim}: 120 bytes when {@code *lineptr} is null or {@code *n} 0). */
    private static final long FIRST_LINE_BYTES = 120;

    /**
     * {@code getline} and {@code getdelim} ({@link Semantics.ReadLine}) on a stream the run opened: glibc reads
     * {@code *lineptr} and {@code *n} and, when the line is null or its size 0, gives it a new 120-byte block of
     * indeterminate bytes (written back to both), then meets the end of the empty file: -1. A line that is not null with
     * a size of 0 (which glibc would reallocate) stops the run.
     */
    static boolean readLine(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name,
                            Semantics.ReadLine r, List<Value> args) {
        ExecState st = in.st;
        opened(st, LibraryBehaviour.arg(args, r.stream()), name);
        if (st.exhaustive) throw Abandon.unsupported(name + ": a file's contents are inputs");
        temporaryRead(st, LibraryBehaviour.arg(args, r.stream()), name);
        if ((indicators(st, ((Value.Ptr) LibraryBehaviour.arg(args, r.stream())).obj()) & PUSHED_BACK) != 0) {
            throw Abandon.unsupported(name + " after ungetc (only a character read is modelled)");
        }
        weft.ir.CType lineType = call.args().get(r.lineptr()).type().pointee();
        if (lineType == null || !lineType.isPointer()) throw Abandon.unsupported(name + " line pointer of type " + lineType);
        weft.ir.CType.Int sizeT = st.sizeType();
        Value.Ptr lp = LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.lineptr()), name);
        Value.Ptr np = LibraryFunctions.ptr(LibraryBehaviour.arg(args, r.n()), name);
        lib.access(c, lp, lineType.size(), false, call, name);
        lib.access(c, np, sizeT.size(), false, call, name);
        weft.ir.CType.Int ssizeT = new weft.ir.CType.Int("long", st.dm.pointerSize, st.dm.pointerSize, true);
        Value line = st.mem.read(lp.obj(), lp.off(), lineType);
        Value size = st.mem.read(np.obj(), np.off(), sizeT);
        if (!(size instanceof Value.Int sz) || !(line instanceof Value.Int || line instanceof Value.Ptr)) {
            throw Abandon.unsupported(name + " of a line or size not known");
        }
        boolean none = line instanceof Value.Int z && z.v() == 0;
        if (!none && sz.v() == 0) throw Abandon.unsupported(name + " reallocating a line of size 0");
        if (none || sz.v() == 0) {
            lib.access(c, lp, lineType.size(), true, call, name);
            lib.access(c, np, sizeT.size(), true, call, name);
            if (!c.dry) {
                Block o = st.mem.create("heap#" + (++st.heapCount), Block.Kind.HEAP, FIRST_LINE_BYTES, t.index, call.loc());
                o.addressTaken = true;
                st.mem.write(lp.obj(), lp.off(), lineType, new Value.Ptr(o.id, 0));
                st.mem.write(np.obj(), np.off(), sizeT, Value.of(FIRST_LINE_BYTES));
            }
        }
        if (!c.dry) set(st, ((Value.Ptr) LibraryBehaviour.arg(args, r.stream())).obj(), END_OF_FILE);
        return in.finishCall(t, c, e, Value.of(-1), ssizeT);
    }

    static boolean close(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.CloseStream r, List<Value> args) {
        ExecState st = in.st;
        opened(st, LibraryBehaviour.arg(args, r.stream()), name);
        int obj = ((Value.Ptr) LibraryBehaviour.arg(args, r.stream())).obj();
        // a standard stream reopened on a file: its fclose would leave the program's printf on a closed stream
        if (!st.mem.get(obj).name.startsWith(OPENED)) throw Abandon.unsupported(name + " of a standard stream");
        if (r.process() != ((indicators(st, obj) & COMMAND) != 0)) throw Abandon.unsupported(name + " of a stream " + (r.process() ? "popen did not open" : "popen opened"));
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        int was = indicators(st, obj);
        clear(st, obj, END_OF_FILE | WRITABLE | TEMPORARY | COMMAND | ON_DESCRIPTOR | 0x3ff << DESCRIPTOR_SHIFT);
        if ((was & ON_DESCRIPTOR) != 0) {
            // fdopen's stream: its fclose closes the descriptor
            st.beforeSyncChange();
            st.sync.descriptors = st.sync.descriptors.without((was >>> DESCRIPTOR_SHIFT) & 0x3ff);
        }
        // pclose: the command's wait status, the world's (it exited with 0 or 1)
        long status = r.process() ? st.chooseAmong(new long[] {0, 256}, name, e.stmt().loc()) : 0;
        return in.finishCall(t, c, e, Value.of(status), null);
    }

    /**
     * {@code rewind} of a stream the run opened: an empty file stays at its start; its end-of-file and error indicators
     * are cleared (C11 7.21.9.2p2: as {@code fseek} to the start, 7.21.9.2p3: which clears the end-of-file indicator,
     * and the error indicator too).
     */
    static boolean rewind(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.RewindStream r, List<Value> args) {
        opened(in.st, LibraryBehaviour.arg(args, r.stream()), name);
        if (!c.dry) clear(in.st, ((Value.Ptr) LibraryBehaviour.arg(args, r.stream())).obj(), END_OF_FILE);
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /** The program's {@code stdin} stream object (the C library's {@code FILE stdin}), or null. */
    private static Value stdin(ExecState st) {
        for (weft.ir.Variable v : st.program.globals()) {
            if (v.name().equals(STDIN) && st.globals.containsKey(v.id())) {
                Block o = st.mem.get(st.globals.get(v.id()));
                return o.size == st.dm.pointerSize ? st.mem.read(o.id, 0, v.type()) : null;
            }
        }
        return null;
    }

    /**
     * {@code fileno} ({@link Semantics.StreamDescriptor}) of a standard stream: 0, 1, 2 (the C library's objects the
     * program's {@code stdin}, {@code stdout}, {@code stderr} point to, never closed in a run: {@code fclose} of them
     * stops); another stream stops the run (the reproducer's file is not the witness's).
     */
    static boolean descriptor(Interpreter in, ThreadState t, Ctx c, Edge e, String name, Semantics.StreamDescriptor sd, List<Value> args) {
        Value v = LibraryBehaviour.arg(args, sd.stream());
        String object = v instanceof Value.Ptr p && p.off() == 0 ? in.st.mem.get(p.obj()).name : "";
        int fd = STANDARD.indexOf(object);
        if (fd < 0) throw Abandon.unsupported(name + " of a stream other than the standard ones");
        return in.finishCall(t, c, e, Value.of(fd), IntConversions.INT);
    }

    private static boolean isStdin(ExecState st, Value v) {
        return v instanceof Value.Ptr p && p.off() == 0 && st.mem.get(p.obj()).name.equals("FILE " + STDIN) && (indicators(st, p.obj()) & REOPENED) == 0;
    }

    /** The stream {@code v}, which the run must have opened. */
    private static void opened(ExecState st, Value v, String name) {
        if (!(v instanceof Value.Ptr p) || p.off() != 0 || !st.mem.get(p.obj()).name.startsWith(OPENED) && (indicators(st, p.obj()) & REOPENED) == 0) {
            throw Abandon.unsupported(name + " of a stream the run did not open");
        }
    }
}
