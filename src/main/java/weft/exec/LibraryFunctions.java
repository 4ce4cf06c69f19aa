package weft.exec;

import weft.exec.state.*;

import weft.ir.CType;
import weft.ir.Edge;
import weft.ir.Expr;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Event;
import weft.model.Semantics;

import java.util.List;

/**
 * Library functions without synchronisation: memory and string functions (with the byte ranges they read and
 * write recorded as accesses), output functions, thread-specific data and the "pure" models.
 *
 * <p>Must-soundness: implemented functions compute exactly what the C library computes (string functions stop at
 * the terminator, memcpy with overlapping ranges abandons, comparisons return the byte difference as glibc's
 * generic code does). Output functions only read their arguments; their output is not modelled, and the
 * {@code %n} conversion (the one that writes memory) abandons as far as the format string's content is known, except
 * in the calls that format into memory, which store its count ({@link Formatter.Count}).
 * Functions whose results cannot be computed (input, time, files, floating-point maths) abandon when the result is
 * used and are no-ops otherwise; functions writing through pointers that are not implemented abandon.
 */
public final class LibraryFunctions {
    private final Interpreter in;
    private final ExecState st;

    /**
     * The accesses of an attribute or setter function ({@link Semantics.ReturnsZero}, table rows {@code w0}, {@code r0 w1}...):
     * the whole object each pointer argument points to, by its type (these objects are opaque); none through a null one.
     */
    void attributeAccesses(Ctx c, Stmt.Call call, Event.MemAccess m, List<Value> args, String name) {
        argumentAccesses(c, call, m.args(), args, name, false);
    }

    /**
     * The plain accesses a typed event's call makes besides its event ({@link weft.model.LibraryModel#alongside}): the whole
     * objects, none through a null pointer; for proofs only when the call may skip them (a timed lock's timeout), which
     * only proofs record (the witness search takes every access it sees for made).
     */
    void alongside(Ctx c, Stmt.Call call, weft.model.LibraryModel model, List<Value> args) {
        if (model.alongsideMaybe() && !st.exhaustive) return;
        argumentAccesses(c, call, model.alongside(), args, model.name(), model.alongsideMaybe());
    }

    private void argumentAccesses(Ctx c, Stmt.Call call, List<Event.MemArg> accessed, List<Value> args, String name, boolean proofOnly) {
        for (Event.MemArg a : accessed) {
            Value v = LibraryBehaviour.arg(args, a.ptrArg());
            if (v instanceof Value.Int i && i.v() == 0) continue;
            if (a.sizeArg() >= 0 && LibraryBehaviour.arg(args, a.sizeArg()) instanceof Value.Int n) {
                // the byte count the row names (msync's length)
                touch(c, ptr(v, name), n.v(), a.write(), proofOnly, call, name);
                continue;
            }
            wholeObject(c, ptr(v, name), call.args().get(a.ptrArg()), a.write(), proofOnly, call, name);
        }
    }

    /**
     * An access of the whole object {@code p} points to, as the table's {@code rN}/{@code wN} says: the bytes of the argument's
     * pointee type, aggregates included (audit D43: a {@code struct timespec} or {@code pthread_attr_t} was counted as its
     * first byte, so a thread writing its second member beside the call was proved race-free). A pointee of no known size
     * ({@code void *}) is its first byte for sure and the rest of its block for proofs only (the call may touch any of it).
     */
    void wholeObject(Ctx c, Value.Ptr p, Expr arg, boolean write, boolean proofOnly, Stmt.Call call, String name) {
        CType pointee = arg.type().pointee();
        // a void * argument converted from a typed pointer: the type before the conversion
        if ((pointee == null || pointee.size() <= 0) && arg instanceof Expr.Cast cast) pointee = cast.operand().type().pointee();
        if (pointee != null && pointee.size() > 0) {
            touch(c, p, pointee.size(), write, proofOnly, call, name);
            return;
        }
        touch(c, p, 1, write, proofOnly, call, name);
        if (st.exhaustive) proofOnlyAccess(c, p.at(p.off() + 1), st.mem.get(p.obj()).size - p.off() - 1, write, call, name);
    }

    /** {@link #access}, or for proofs only ({@link #proofOnlyAccess}, within a member array's bounds as access keeps them). */
    private void touch(Ctx c, Value.Ptr p, long n, boolean write, boolean proofOnly, Stmt.Call call, String name) {
        if (!proofOnly) {
            access(c, p, n, write, call, name);
            return;
        }
        if (p.bounded() && p.off() + n > p.hi()) throw Abandon.unsupported(name + " past the end of a member array");
        proofOnlyAccess(c, p, n, write, call, name);
    }

    /** The run's memory. */
    Memory memory() {
        return st.mem;
    }

    LibraryFunctions(Interpreter in) {
        this.in = in;
        this.st = in.st;
    }

    boolean run(ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Event event, List<Value> args) {
        if (event instanceof Event.ThreadSpecific ts) return ThreadSpecifics.run(in, t, c, e, call, name, ts.op(), args);
        Semantics sem = Semantics.of(name);
        if (sem instanceof Semantics.Fortified f) {
            sem = Fortify.check(this, st, name, f, args);
            if (sem == null) {
                // glibc's check fails: __chk_fail aborts the program, as abort() does (Event.ProgramEnd)
                c.visible = true;
                c.terminates = true;
                if (c.dry) return true;
                throw Abandon.end(name + " (__chk_fail)");
            }
        }
        IntervalTimers.check(st, sem, name);
        // streams on memory (weft.exec.MemoryStreams): their table rows, or the run stops
        if (sem instanceof Semantics.MemoryStreamOpen mo) return MemoryStreams.open(in, this, t, c, e, call, name, mo, args);
        MemoryStreams.flushAll(st, name, args);
        if (MemoryStreams.given(st, args)) {
            Boolean done = MemoryStreams.use(in, this, t, c, e, call, name, sem, args);
            if (done != null) return done;
        }
        if (sem instanceof Semantics.SystemCall sc) return Resources.systemCall(in, this, t, c, e, call, name, sc, args);
        if (sem instanceof Semantics.ThreadName tn) return Resources.threadName(in, this, t, c, e, call, name, tn, args);
        if (sem instanceof Semantics.ThreadSchedule ts) return Resources.schedule(in, this, t, c, e, call, name, ts, args);
        if (sem instanceof Semantics.ThreadAffinity ta) return Resources.affinity(in, this, t, c, e, call, name, ta, args);
        if (sem instanceof Semantics.ThreadAttributes ta) return Attributes.ofThread(in, this, t, c, e, call, name, ta, args);
        int used = Semantics.descriptorArgument(name);
        // a pipe's end of the run: its models (weft.exec.Pipes), close included, or the run stops
        int pipeArg = sem instanceof Semantics.CloseDescriptor cd ? cd.fd() : used;
        Descriptors.Entry end = pipeArg >= 0 && pipeArg < args.size() && args.get(pipeArg) instanceof Value.Int fd ? st.sync.descriptors.get(fd.v()) : null;
        if (end != null && end.kind() == Descriptors.Kind.PIPE) return Pipes.use(in, this, t, c, e, call, name, sem, args, (int) ((Value.Int) args.get(pipeArg)).v());
        Descriptors.Entry held = used >= 0 && used < args.size() && args.get(used) instanceof Value.Int fd ? st.sync.descriptors.get(fd.v()) : null;
        if (held != null && held.kind() == Descriptors.Kind.INOTIFY && sem instanceof Semantics.WorldRead r && r.channel() == Semantics.Channel.ANY) {
            return EventLoop.inotifyRead(in, this, t, c, e, call, name, held);
        }
        if (held != null && held.kind() != Descriptors.Kind.SOCKET && !(held.kind() == Descriptors.Kind.FILE && (WorldFiles.handles(sem) || Pipes.handles(sem) || Semantics.fileAnswer(name)))) {
            // the models would not see what this call does to the descriptor's state
            throw Abandon.unsupported(name + " of a " + held.kind().name().toLowerCase(java.util.Locale.ROOT) + " descriptor");
        }
        if (Pipes.handles(sem)) return Pipes.run(in, this, t, c, e, call, name, sem, args);
        if (sem instanceof Semantics.DescriptorIoctl) throw Abandon.unsupported(name + " of a descriptor that is no pipe's end of the run (not modelled)");
        if (EventLoop.handles(sem)) return EventLoop.run(in, this, t, c, e, call, name, sem, event, args);
        if (Addresses.handles(sem)) return Addresses.run(in, this, t, c, e, call, name, sem, args);
        if (sem instanceof Semantics.AccountEntry a) return Accounts.run(in, this, t, c, e, call, name, a, args);
        if (sem instanceof Semantics.DatabaseEntry d) return Databases.run(in, this, t, c, e, call, name, d, args);
        if (ZlibCalls.handles(sem)) return ZlibCalls.run(in, this, t, c, e, call, name, sem, args);
        if (InflateBacks.handles(sem)) return InflateBacks.run(in, this, t, c, e, call, name, sem, args);
        if (OpenSsl.handles(sem)) return OpenSsl.run(in, this, t, c, e, call, name, sem, event, args);
        if (WorldFiles.handles(sem)) return WorldFiles.run(in, this, t, c, e, call, name, sem, args);
        if (sem instanceof Semantics.WalkEntry w) return Walks.run(in, this, t, c, e, call, name, w, args);
        if (sem instanceof Semantics.LoadedObjects lo) return LoadedObjects.run(in, this, t, c, e, call, name, lo, args);
        if (Sorts.handles(sem)) return Sorts.run(in, this, t, c, e, call, name, sem, args);
        if (Trees.handles(sem)) return Trees.run(in, this, t, c, e, call, name, sem, args);
        if (DirectoryScans.handles(sem)) return DirectoryScans.run(in, this, t, c, e, call, name, sem, args);
        if (sem instanceof Semantics.IntervalTimer it) return IntervalTimers.run(in, this, t, c, e, call, name, it, args);
        if (sem instanceof Semantics.WideString w) return WideStrings.run(in, this, t, c, e, call, name, w, args);
        if (sem instanceof Semantics.Multibyte mb) return Multibytes.run(in, this, t, c, e, call, name, mb, args);
        if (sem instanceof Semantics.LocaleInfo li) return CLocale.run(in, this, t, c, e, call, name, li, args);
        if (sem instanceof Semantics.LocaleObject lo) return CLocale.objects(in, this, t, c, e, call, name, lo, args);
        if (sem instanceof Semantics.Attribute at) return Attributes.run(in, this, t, c, e, call, name, at, args);
        if (Environment.handles(sem)) return Environment.run(in, this, t, c, e, call, name, sem, args);
        if (Processes.handles(sem)) return Processes.run(in, this, t, c, e, call, name, sem, args);
        if (SmallAnswers.handles(sem)) return SmallAnswers.run(in, this, t, c, e, call, name, sem, args);
        // the system's names and the process's times, whatever the row's accesses (getlogin's are its static buffer's)
        if (sem instanceof Semantics.SystemName sn) return Resources.names(in, this, t, c, e, call, name, sn, args);
        if (sem instanceof Semantics.ProcessTimes pt) return Resources.processTimes(in, this, t, c, e, call, name, pt, args);
        if (ComputedCalls.handles(sem)) return ComputedCalls.run(in, this, t, c, e, call, name, sem, args);
        if (sem instanceof Semantics.ScanString ss) return ScanCalls.run(in, this, t, c, e, call, name, ss, args);
        if (Jumps.handles(sem)) return Jumps.run(in, this, t, c, e, call, name, sem, args);
        if (StringFunctions.handles(sem)) return StringFunctions.run(in, this, t, c, e, call, name, sem, args);
        if (Tokens.handles(sem)) return Tokens.run(in, this, t, c, e, call, name, sem, args);
        if (SignalSets.handles(sem)) return SignalSets.run(in, this, t, c, e, call, name, sem, args);
        if (StreamLocks.handles(sem)) return StreamLocks.run(in, this, t, c, e, call, name, sem, args);
        if (Generators.handles(sem)) return Generators.run(in, this, t, c, e, call, name, sem, args);
        if (ErrorTexts.handles(sem)) return ErrorTexts.run(in, this, t, c, e, call, name, sem, args);
        if (sem instanceof Semantics.Unsupported) {
            throw Abandon.unsupported(name);
        } else if (sem instanceof Semantics.ReturnsZero || sem instanceof Semantics.SleepFor) {
            if (event instanceof Event.MemAccess m) attributeAccesses(c, call, m, args, name);
            return in.finishCall(t, c, e, Value.ZERO, null);
        } else if (sem instanceof Semantics.AlignedAllocation aa) {
            return alignedAllocation(t, c, e, call, name, aa, args);
        } else if (sem instanceof Semantics.KeepsPointer kp) {
            if (st.exhaustive && !(LibraryBehaviour.arg(args, kp.arg()) instanceof Value.Int z && z.v() == 0)) {
                throw Abandon.unsupported(name + " keeps a pointer the library reads through later (not accounted for in proofs)");
            }
            if (event instanceof Event.MemAccess m) attributeAccesses(c, call, m, args, name);
            return in.finishCall(t, c, e, Value.ZERO, null);
        } else if (sem instanceof Semantics.Accepts ac) {
            if (!(LibraryBehaviour.arg(args, ac.arg()) instanceof Value.Int v)) throw Abandon.unsupported(name + " of " + args.get(ac.arg()));
            // a refused value is refused before the object is looked at
            long answer = ac.answer(v.v());
            if (answer == 0 && event instanceof Event.MemAccess m) attributeAccesses(c, call, m, args, name);
            return in.finishCall(t, c, e, Value.of(answer), null);
        } else if (sem instanceof Semantics.SetCancelability sc) {
            // the thread's cancelability: the old value goes to the output argument (when not null), the new one
            // must be one of the two POSIX values (PTHREAD_CANCEL_ENABLE/DEFERRED 0, DISABLE/ASYNCHRONOUS 1)
            if (!(LibraryBehaviour.arg(args, 0) instanceof Value.Int n) || n.v() < 0 || n.v() > 1) {
                throw Abandon.unsupported(name + " with a value outside POSIX's two");
            }
            Value old = LibraryBehaviour.arg(args, sc.oldArg());
            if (!(old instanceof Value.Int i && i.v() == 0)) {
                Value.Ptr p = ptr(old, name);
                access(c, p, 4, true, call, name);
                if (!c.dry) st.mem.write(p.obj(), p.off(), IntConversions.INT, Value.of((t.cancelBits & sc.bit()) != 0 ? 1 : 0));
            }
            if (!c.dry) t.cancelBits = n.v() != 0 ? t.cancelBits | sc.bit() : t.cancelBits & ~sc.bit();
            return in.finishCall(t, c, e, Value.ZERO, null);
        } else if (sem instanceof Semantics.InputResult ir) {
            return Resources.inputResult(in, this, t, c, e, call, name, ir, event, args);
        } else if (sem instanceof Semantics.DescriptorControl) {
            // fcntl of a descriptor the run does not model (its pipes' ends are Pipes'): the world's answer
            return Resources.inputResult(in, this, t, c, e, call, name, Semantics.DescriptorControl.WORLD, event, args);
        }
        // files (weft.exec.Streams): whatever the event says the call touches
        if (sem instanceof Semantics.OpenStream o) return Streams.open(in, this, t, c, e, call, name, o, args);
        if (sem instanceof Semantics.ReopenStream r) return Streams.reopen(in, this, t, c, e, call, name, r, args);
        if (sem instanceof Semantics.ReadStream r) return Streams.read(in, this, t, c, e, call, name, r, args);
        if (sem instanceof Semantics.ReadLine r) return Streams.readLine(in, this, t, c, e, call, name, r, args);
        if (sem instanceof Semantics.PathPart pp) return PathParts.run(in, this, t, c, e, call, name, pp, args);
        if (sem instanceof Semantics.OpenDirectory o) return Directories.open(in, this, t, c, e, call, name, o, args);
        if (sem instanceof Semantics.ReadDirectory r) return Directories.read(in, this, t, c, e, call, name, r, args);
        if (sem instanceof Semantics.CloseDirectory cl) return Directories.close(in, t, c, e, call, name, cl, args);
        if (sem instanceof Semantics.FileGlob g) return Directories.glob(in, this, t, c, e, call, name, g, args);
        if (sem instanceof Semantics.FileGlobFree g) return Directories.globFree(in, this, t, c, e, call, name, g, args);
        if (sem instanceof Semantics.ThreadClock tc) return WorldKept.threadClock(in, this, t, c, e, call, name, tc, args);
        if (sem instanceof Semantics.Terminal tm) return Terminals.run(in, this, t, c, e, call, name, tm, args);
        if (sem instanceof Semantics.FileSystemStatus fs) return FileSystems.run(in, this, t, c, e, call, name, fs, args);
        if (sem instanceof Semantics.DirectoryPosition dp) return Directories.position(in, t, c, e, name, dp, args);
        if (sem instanceof Semantics.CloseStream cl) return Streams.close(in, t, c, e, name, cl, args);
        if (sem instanceof Semantics.RewindStream rw) return Streams.rewind(in, t, c, e, name, rw, args);
        if (sem instanceof Semantics.UnreadStream u) return Streams.unread(in, t, c, e, name, u, args);
        // tzset: the library's time-zone globals, which the program does not name (LibraryBehaviour checks), set unseen
        if (sem instanceof Semantics.TimeZone) return in.finishCall(t, c, e, Value.ZERO, null);
        if (sem instanceof Semantics.StreamIndicator si) return Streams.indicator(in, t, c, e, name, si, args);
        if (sem instanceof Semantics.SetBuffering sb) return Streams.buffering(in, t, c, e, name, sb, args);
        if (sem instanceof Semantics.StreamPosition sp) return Streams.position(in, this, t, c, e, call, name, sp, args);
        if (event instanceof Event.MemAccess) return memory(t, c, e, call, name, sem, args);
        if (!(event instanceof Event.Pure)) throw Abandon.unsupported("library model " + event + " of " + name);
        if (sem instanceof Semantics.ThreadIdsEqual q) {
            return in.finishCall(t, c, e, LibraryBehaviour.arg(args, q.a()).equals(LibraryBehaviour.arg(args, q.b())) ? Value.ONE : Value.ZERO, null);
        } else if (sem instanceof Semantics.AbsoluteValue av) {
            Value v = LibraryBehaviour.arg(args, av.arg());
            if (!(v instanceof Value.Int i)) throw Abandon.unsupported(name + " of " + v);
            long lim = !av.wide() || st.dm.longSize == 4 ? Integer.MIN_VALUE : Long.MIN_VALUE;
            if (i.v() == lim) throw Abandon.unsupported(name + " overflow");
            return in.finishCall(t, c, e, Value.of(Math.abs(i.v())), null);
        } else if (sem instanceof Semantics.MaskBits mb) {
            if (!(LibraryBehaviour.arg(args, mb.arg()) instanceof Value.Int i)) throw Abandon.unsupported(name + " of an unknown value");
            return in.finishCall(t, c, e, Value.of(i.v() & mb.mask()), IntConversions.INT);
        } else if (sem instanceof Semantics.StreamDescriptor sd) {
            return Streams.descriptor(in, t, c, e, name, sd, args);
        } else if (sem instanceof Semantics.RandomInt r) {
            return Generators.input(in, t, c, e, call, name, r);
        } else if (sem instanceof Semantics.HandlersRun hr) {
            Value k = LibraryBehaviour.arg(args, hr.mayNotRun());
            if (st.exhaustive || !(k instanceof Value.Int ki && ki.v() == 1)) throw Abandon.unsupported(name);
            if (!c.dry) st.logNondet(weft.trace.RaceWitness.NO_HANDLER, call.loc(), "0");
            return in.finishCall(t, c, e, Value.ZERO, null);
        } else if (sem instanceof Semantics.ByteSwap bs) {
            Value v = LibraryBehaviour.arg(args, 0);
            if (!(v instanceof Value.Int i)) throw Abandon.unsupported(name + " of " + v);
            long x = i.v();
            long out = 0;
            for (int k = 0; k < bs.bytes(); k++) out |= ((x >>> (8 * k)) & 0xff) << (8 * (bs.bytes() - 1 - k));
            return in.finishCall(t, c, e, Value.of(out), null);
        } else if (sem instanceof Semantics.FindFirstSet f) {
            // glibc's find-first-set: 1 + index of the least significant set bit, 0 for 0
            Value v = LibraryBehaviour.arg(args, f.arg());
            if (!(v instanceof Value.Int i)) throw Abandon.unsupported(name + " of " + v);
            long size = Math.max(1, call.args().get(f.arg()).type().size());
            long bits = IntConversions.truncate(i.v(), Math.min(size, 8), false);
            return in.finishCall(t, c, e, Value.of(bits == 0 ? 0 : Long.numberOfTrailingZeros(bits) + 1), null);
        } else if (sem instanceof Semantics.TimeDifference d) {
            // glibc's difftime: the exact difference rounded once to a double (as BigDecimal.doubleValue rounds)
            if (!(LibraryBehaviour.arg(args, d.a()) instanceof Value.Int a) || !(LibraryBehaviour.arg(args, d.b()) instanceof Value.Int b)) {
                throw Abandon.unsupported(name + " of an unknown time");
            }
            double r = java.math.BigDecimal.valueOf(a.v()).subtract(java.math.BigDecimal.valueOf(b.v())).doubleValue();
            return in.finishCall(t, c, e, new Value.Flt(r), new weft.ir.CType.Float("double", 8, 8));
        } else if (sem instanceof Semantics.BitCount b) {
            Value v = LibraryBehaviour.arg(args, b.arg());
            if (!(v instanceof Value.Int i)) throw Abandon.unsupported(name + " of " + v);
            int bytes = switch (b.width()) {
                case "int" -> 4;
                case "long" -> st.dm.longSize;
                default -> 8;
            };
            long bits = IntConversions.truncate(i.v(), bytes, false);
            if (bits == 0 && (b.op().equals("clz") || b.op().equals("ctz"))) throw Abandon.unsupported(name + " of 0 (undefined)");
            long r = switch (b.op()) {
                case "clz" -> Long.numberOfLeadingZeros(bits) - (64 - 8L * bytes);
                case "ctz" -> Long.numberOfTrailingZeros(bits);
                case "popcount" -> Long.bitCount(bits);
                default -> Long.bitCount(bits) & 1;
            };
            return in.finishCall(t, c, e, Value.of(r), IntConversions.INT);
        } else if (sem instanceof Semantics.MathCall m) {
            return MathCalls.run(in, t, c, e, name, m, args);
        } else if (sem instanceof Semantics.FloatConstant k) {
            return MathCalls.constant(in, t, c, e, name, k, args);
        } else if (sem instanceof Semantics.FloatClass k) {
            return MathCalls.classify(in, t, c, e, name, k, args);
        } else if (sem instanceof Semantics.PutChar pc) {
            Value v = LibraryBehaviour.arg(args, pc.arg());
            if (!(v instanceof Value.Int i)) throw Abandon.unsupported("putchar of " + v);
            return in.finishCall(t, c, e, Value.of(i.v() & 0xff), null);
        } else if (sem instanceof Semantics.ReturnsArg ra) {
            return in.finishCall(t, c, e, LibraryBehaviour.arg(args, ra.arg()), call.args().get(ra.arg()).type());
        } else if (sem instanceof Semantics.AssumeOrLoop al) {
            if (!Evaluator.truth(LibraryBehaviour.arg(args, al.cond()))) return false; // loops forever
            return in.finishCall(t, c, e, Value.ZERO, null);
        } else {
            // no effect on memory; the result is unknown
            return in.finishCall(t, c, e, null, null);
        }
    }

    // ------------------------------------------------------------------ memory and strings

    static Value.Ptr ptr(Value v, String what) {
        if (v instanceof Value.Ptr p) return p;
        throw Abandon.unsupported(what + " pointer " + v);
    }

    static long count(Value v) {
        if (v instanceof Value.Int i && i.v() >= 0 && i.v() <= Memory.MAX_OBJECT) return i.v();
        throw Abandon.unsupported("byte count " + v);
    }

    void access(Ctx c, Value.Ptr p, long n, boolean write, Stmt.Call call, String name) {
        if (n <= 0) return;
        if (p.bounded() && p.off() + n > p.hi()) throw Abandon.unsupported(name + " past the end of a member array");
        st.mem.check(p.obj(), p.off(), n, write);
        if (c.collects()) c.record(new ByteAccess(p.obj(), p.off(), n, write, c.atomicSection, call.loc(), "memory by " + name));
    }

    /** An access glibc may make, recorded for proofs only (see {@link ByteAccess#asProofOnly}). */
    void proofOnlyAccess(Ctx c, Value.Ptr p, long n, Stmt.Call call, String name) {
        proofOnlyAccess(c, p, n, false, call, name);
    }

    /** A read or write glibc may make, recorded for proofs only. */
    void proofOnlyAccess(Ctx c, Value.Ptr p, long n, boolean write, Stmt.Call call, String name) {
        if (n <= 0) return;
        st.mem.check(p.obj(), p.off(), n, write);
        if (c.collects()) c.record(new ByteAccess(p.obj(), p.off(), n, write, c.atomicSection, call.loc(), "memory by " + name).asProofOnly());
    }

    /** Length of the NUL-terminated string at {@code p} (all its bytes must be known). */
    long strlen(Value.Ptr p) {
        Block o = st.mem.get(p.obj());
        for (long i = p.off(); i < o.size; i++) if (st.mem.readByte(p.obj(), i) == 0) return i - p.off();
        throw Abandon.unsupported("unterminated string in " + o.name);
    }

    /** A function that accesses memory through its arguments ({@link Event.MemAccess}), run by its semantics. */
    private boolean memory(ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem, List<Value> args) {
        if (sem instanceof Semantics.PutChar pc) {
            // putc, fputc: a character out to a stream (output is not modelled), returned as an unsigned char; a proof
            // stops, as before, since the stream's object (the event's access) is not one it accounts for
            if (st.exhaustive) throw Abandon.unsupported(name + " writes a stream a proof does not account for");
            if (!(LibraryBehaviour.arg(args, pc.arg()) instanceof Value.Int i)) throw Abandon.unsupported(name + " of " + args.get(pc.arg()));
            return in.finishCall(t, c, e, Value.of(i.v() & 0xff), null);
        }
        if (sem instanceof Semantics.ParseInt p) return NumberParsing.parse(in, this, t, c, e, call, name, p, args);
        if (sem instanceof Semantics.ParseFloat p) return NumberParsing.parseFloat(in, this, t, c, e, call, name, p, args);
        if (sem instanceof Semantics.MathWithOutput m) return MathCalls.withOutput(in, this, t, c, e, call, name, m, args);
        if (sem instanceof Semantics.LocaleName ln) return localeName(t, c, e, call, name, ln, args);
        if (sem instanceof Semantics.Getopt g) return Getopt.run(in, this, t, c, e, call, name, g, args);
        if (sem instanceof Semantics.BrokenDownTime b) return BrokenDownTime.run(in, this, t, c, e, call, name, b, args);
        if (sem instanceof Semantics.FormatTime f) return BrokenDownTime.format(in, this, t, c, e, call, name, f, args);
        if (sem instanceof Semantics.ParseTime pt) return BrokenDownTime.parse(in, this, t, c, e, call, name, pt, args);
        if (sem instanceof Semantics.AsciiTime a) return CalendarTime.ascii(in, this, t, c, e, call, name, a, args);
        if (sem instanceof Semantics.MakeTime m) return CalendarTime.make(in, this, t, c, e, call, name, m, args);
        if (sem instanceof Semantics.SetBytes sb) {
            Value.Ptr d = ptr(LibraryBehaviour.arg(args, sb.dest()), name);
            long n = count(LibraryBehaviour.arg(args, sb.count()));
            Value ch = sb.value() < 0 ? Value.ZERO : LibraryBehaviour.arg(args, sb.value());
            if (!(ch instanceof Value.Int cv)) throw Abandon.unsupported("memset value " + ch);
            access(c, d, n, true, call, name);
            if (!c.dry && n > 0) st.mem.fill(d.obj(), d.off(), n, (byte) cv.v());
            return in.finishCall(t, c, e, d, null);
        } else if (sem instanceof Semantics.CopyBytes cb) {
            long n = count(LibraryBehaviour.arg(args, cb.count()));
            Value.Ptr d = ptr(LibraryBehaviour.arg(args, cb.dest()), name);
            Value.Ptr result = cb.end() ? d.at(d.off() + n) : d;
            if (n == 0) return in.finishCall(t, c, e, result, null);
            Value.Ptr s = ptr(LibraryBehaviour.arg(args, cb.src()), name);
            if (!cb.overlapDefined() && d.obj() == s.obj() && d.off() < s.off() + n && s.off() < d.off() + n) {
                throw Abandon.unsupported("overlapping memcpy");
            }
            access(c, s, n, false, call, name);
            access(c, d, n, true, call, name);
            if (!c.dry) st.mem.copy(d.obj(), d.off(), s.obj(), s.off(), n);
            return in.finishCall(t, c, e, result, null);
        } else if (sem instanceof Semantics.CompareBytes cmp) {
            boolean str = cmp.strings();
            long n = cmp.count() < 0 ? Long.MAX_VALUE : count(LibraryBehaviour.arg(args, cmp.count()));
            if (n == 0) return in.finishCall(t, c, e, Value.ZERO, null);
            Value.Ptr a = ptr(LibraryBehaviour.arg(args, cmp.a()), name);
            Value.Ptr b = ptr(LibraryBehaviour.arg(args, cmp.b()), name);
            long i = 0;
            int diff = 0;
            while (i < n) {
                int x = st.mem.readByte(a.obj(), a.off() + i);
                int y = st.mem.readByte(b.obj(), b.off() + i);
                if (cmp.nocase()) {
                    x = StringFunctions.caseMap(x, false);
                    y = StringFunctions.caseMap(y, false);
                }
                i++;
                if (x != y) {
                    diff = x - y;
                    break;
                }
                if (str && x == 0) break;
            }
            access(c, a, i, false, call, name);
            access(c, b, i, false, call, name);
            return in.finishCall(t, c, e, Value.of(diff), null);
        } else if (sem instanceof Semantics.StringLength sl) {
            Value.Ptr s = ptr(LibraryBehaviour.arg(args, sl.s()), name);
            if (sl.count() >= 0) {
                // strnlen: no byte past the limit is read (the array need not hold a terminator)
                long limit = count(LibraryBehaviour.arg(args, sl.count()));
                long n = 0;
                while (n < limit && st.mem.readByte(s.obj(), s.off() + n) != 0) n++;
                if (limit > 0) access(c, s, Math.min(n + 1, limit), false, call, name);
                return in.finishCall(t, c, e, Value.of(n), null);
            }
            long n = strlen(s);
            access(c, s, n + 1, false, call, name);
            return in.finishCall(t, c, e, Value.of(n), null);
        } else if (sem instanceof Semantics.CopyString cs) {
            Value.Ptr d = ptr(LibraryBehaviour.arg(args, cs.dest()), name);
            Value.Ptr s = ptr(LibraryBehaviour.arg(args, cs.src()), name);
            long len = strlen(s);
            long total = cs.count() < 0 ? len + 1 : count(LibraryBehaviour.arg(args, cs.count()));
            long copied = Math.min(len + 1, total);
            if (d.obj() == s.obj() && d.off() < s.off() + copied && s.off() < d.off() + total) {
                throw Abandon.unsupported("overlapping " + name);
            }
            access(c, s, copied, false, call, name);
            access(c, d, total, true, call, name);
            if (!c.dry && total > 0) {
                st.mem.fill(d.obj(), d.off(), total, (byte) 0);
                st.mem.copy(d.obj(), d.off(), s.obj(), s.off(), Math.min(len, total));
            }
            return in.finishCall(t, c, e, cs.end() ? d.at(d.off() + Math.min(len, total)) : d, null);
        } else if (sem instanceof Semantics.FindChar fc) {
            Value.Ptr s = ptr(LibraryBehaviour.arg(args, fc.s()), name);
            Value ch = LibraryBehaviour.arg(args, fc.ch());
            if (!(ch instanceof Value.Int cv)) throw Abandon.unsupported("strchr character " + ch);
            int want = (int) (cv.v() & 0xff);
            long len = strlen(s);
            long found = -1;
            for (long i = 0; i <= len; i++) {
                if (st.mem.readByte(s.obj(), s.off() + i) == want) {
                    found = i;
                    if (!fc.last()) break;
                }
            }
            // strchr reads up to what it finds; strrchr reads the whole string
            access(c, s, found >= 0 && !fc.last() ? found + 1 : len + 1, false, call, name);
            if (found < 0 && fc.nul()) found = len;
            return in.finishCall(t, c, e, found >= 0 ? s.at(s.off() + found) : Value.ZERO, null);
        } else if (sem instanceof Semantics.Output out) {
            return FormatCalls.output(in, this, t, c, e, call, name, out, args);
        } else if (sem instanceof Semantics.CurrentTime ct) {
            Value p = LibraryBehaviour.arg(args, ct.out());
            boolean out = !(p instanceof Value.Int i && i.v() == 0);
            CType.Int timeT = new CType.Int("long", st.dm.longSize, st.dm.longSize, true);
            if (out) access(c, ptr(p, name), timeT.size(), true, call, name);
            if (c.dry || call.result() == null && !out) return in.finishCall(t, c, e, Value.ZERO, null);
            // the realtime clock never reads below its last reading (audit D51): seconds, rounded down
            long now = WorldKept.read(st, WorldKept.REALTIME, (1_700_000_000L + (st.randomBits() & 0xffffffL)) * 1_000_000_000L, 1_000_000_000L)
                    / 1_000_000_000L;
            st.logNondet(name, call.loc(), Long.toString(now));
            if (out) st.mem.write(ptr(p, name).obj(), ptr(p, name).off(), timeT, Value.of(now));
            return in.finishCall(t, c, e, Value.of(now), null);
        } else if (sem instanceof Semantics.TimeOfDay td) {
            return CalendarTime.timeOfDay(in, this, t, c, e, call, name, td, args);
        } else if (sem instanceof Semantics.ResourceLimit rl) {
            return Resources.limit(in, this, t, c, e, call, name, rl, args);

        } else if (sem instanceof Semantics.ResourceUsage ru) {
            return Resources.usage(in, this, t, c, e, call, name, ru, args);
        } else if (sem instanceof Semantics.Sleep s) {
            // clock_nanosleep: CLOCK_REALTIME or CLOCK_MONOTONIC, relative or TIMER_ABSTIME (others: not modelled)
            if (s.clock() >= 0 && !(LibraryBehaviour.arg(args, s.clock()) instanceof Value.Int k && (k.v() == 0 || k.v() == 1)
                    && LibraryBehaviour.arg(args, s.clock() + 1) instanceof Value.Int f && (f.v() == 0 || f.v() == 1))) {
                throw Abandon.unsupported(name + " of a clock or with flags not modelled");
            }
            wholeObject(c, ptr(LibraryBehaviour.arg(args, s.request()), name), call.args().get(s.request()), false, false, call, name);
            return in.finishCall(t, c, e, Value.ZERO, null);
        } else if (sem instanceof Semantics.FormatInto fi) {
            return FormatCalls.into(in, this, t, c, e, call, name, fi, args);
        } else if (sem instanceof Semantics.RawOutput) {
            if (st.exhaustive) throw Abandon.unsupported(name + " reads memory not accounted for in proofs");
            return in.finishCall(t, c, e, null, null);
        }
        throw Abandon.unsupported("library function " + name);
    }

    /**
     * {@code setlocale} ({@link Semantics.LocaleName}): the C locale stays the locale, so the name is {@code "C"}; the
     * environment's locale ({@code ""}) is an input, taken to be C and recorded (a proof cannot take one environment: it
     * stops there); the locale argument's string is read.
     */
    private boolean localeName(ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics.LocaleName ln, List<Value> args) {
        Value l = LibraryBehaviour.arg(args, ln.locale());
        if (!(l instanceof Value.Int z && z.v() == 0)) {
            Value.Ptr p = ptr(l, name);
            long n = strlen(p);
            access(c, p, n + 1, false, call, name);
            StringBuilder b = new StringBuilder();
            for (long i = 0; i < n; i++) b.append((char) st.mem.readByte(p.obj(), p.off() + i));
            String want = b.toString();
            if (want.isEmpty()) {
                if (st.exhaustive) throw Abandon.unsupported(name + " of the environment's locale");
                if (!c.dry) st.logNondet(name, call.loc(), "C");
            } else if (!want.equals("C") && !want.equals("POSIX")) {
                throw Abandon.unsupported(name + " of the locale " + want);
            }
        }
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        return in.finishCall(t, c, e, st.staticString("C"), null);
    }

    /** {@code posix_memalign} ({@link Semantics.AlignedAllocation}): glibc's check, then a new heap block stored at {@code out}. */
    private boolean alignedAllocation(ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics.AlignedAllocation aa, List<Value> args) {
        Value.Ptr out = ptr(LibraryBehaviour.arg(args, aa.out()), name);
        if (!(LibraryBehaviour.arg(args, aa.alignment()) instanceof Value.Int al) || !(LibraryBehaviour.arg(args, aa.size()) instanceof Value.Int n)) {
            throw Abandon.unsupported(name + " of an unknown alignment or size");
        }
        long align = al.v();
        // glibc: a power of two, a multiple of sizeof (void *); else EINVAL and *out untouched
        if (align <= 0 || (align & (align - 1)) != 0 || align % st.dm.pointerSize != 0) return in.finishCall(t, c, e, Value.of(Errno.EINVAL), null);
        if (n.v() < 0 || n.v() > st.mem.objectLimit() || n.v() == 0 && st.exhaustive) throw Abandon.unsupported(name + " of " + n.v() + " bytes");
        access(c, out, st.dm.pointerSize, true, call, name);
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        Block o = LibraryBehaviour.newBlock(st, t, n.v(), false, true, call.loc());
        st.mem.write(out.obj(), out.off(), st.voidPointer, new Value.Ptr(o.id, 0));
        return in.finishCall(t, c, e, Value.ZERO, null);
    }

    /** Whether {@code n} bytes at {@code a} and {@code m} bytes at {@code b} share a byte. */
    static boolean overlaps(Value.Ptr a, long n, Value.Ptr b, long m) {
        return a.obj() == b.obj() && a.off() < b.off() + m && b.off() < a.off() + n;
    }

    /** The known part of an output string must not contain {@code %n}; reading stops at unknown bytes. */
    void checkFormat(Value.Ptr f, boolean format) {
        Block o = st.mem.get(f.obj());
        st.mem.check(f.obj(), f.off(), 1, false);
        boolean percent = false;
        for (long i = f.off(); i < o.size; i++) {
            if (o.anyUnknown(i, 1)) return;
            int b = st.mem.readByte(f.obj(), i);
            if (b == 0) return;
            if (format) {
                if (percent && b == 'n') throw Abandon.unsupported("printf %n");
                percent = b == '%' ? !percent : percent && "-+ #0123456789.lhzjtqL*'".indexOf(b) >= 0;
            }
        }
        throw Abandon.unsupported("unterminated output string");
    }
}
