package weft.exec;

import static weft.exec.Errno.*;

import weft.exec.state.Abandon;
import weft.exec.state.Value;
import weft.ir.Edge;
import weft.ir.IntConversions;
import weft.ir.Stmt;
import weft.model.Semantics;

import java.util.List;

/**
 * Other programs ({@link Semantics.RunCommand}, {@link Semantics.WaitChild}): what a command does is the world's.
 * {@code system} runs one in the world's shell and answers its wait status, an input among exit 0, exit 1 and exit 127
 * (the shell did not find it), or fails (-1, {@code EAGAIN}: it could not start one); of a null command 1 (a shell
 * exists), all recorded; its child is its own (it waits for it). {@code execv}, {@code execve}, {@code execvp} replace
 * the program, which ends the run there (no confirmation rests on what follows, a run that ends is none), or fail
 * (-1, an errno the world gives, recorded). {@code wait} and {@code waitpid} of a run that started no child answer -1
 * with {@code ECHILD} in the witness search (a world without inherited children: Linux's answer for a process without
 * children; one of a {@code popen} stream's command stops
 * the run, as do options other than {@code WNOHANG}, {@code WUNTRACED}, {@code WCONTINUED}). The command strings and
 * argument vectors are not read here (glibc reads them in the child, after the fork). Proofs stop at a command (its
 * answers are any) and at a wait (a process may have children its image inherited before an exec: the world's).
 * {@code fork} and {@code vfork}: see {@link #fork}; a wait of a process that forked stops the run (when its child ends
 * is the world's).
 */
final class Processes {
    /** The wait statuses of a command: exit 0, exit 1, exit 127 (not found). */
    private static final long[] STATUSES = {0, 1 << 8, 127 << 8, -1};

    private Processes() {
    }

    static boolean handles(Semantics s) {
        return s instanceof Semantics.RunCommand || s instanceof Semantics.WaitChild || s instanceof Semantics.ForkProcess;
    }

    static boolean run(Interpreter in, LibraryFunctions lib, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics sem,
                       List<Value> args) {
        ExecState st = in.st;
        if (sem instanceof Semantics.ForkProcess f) return fork(in, t, c, e, call, name, f);
        if (sem instanceof Semantics.WaitChild w) {
            // a process may have children its image inherited (from before an exec): which exist is the world's, so a
            // proof, which must follow a wait that succeeds and writes a status too, stops here
            if (st.exhaustive) throw Abandon.unsupported(name + ": the children a process has are the world's");
            if (Streams.commandOpen(st)) throw Abandon.unsupported(name + " while a popen command runs (a child of the process)");
            if (WorldKept.hasChild(st)) throw Abandon.unsupported(name + " of a process that forked a child (when it ends is the world's)");
            if (w.options() >= 0 && !(LibraryBehaviour.arg(args, w.options()) instanceof Value.Int o && (o.v() & ~(1L | 2 | 8)) == 0)) {
                throw Abandon.unsupported(name + " with options not modelled");
            }
            if (!c.dry) st.setErrno(t, ECHILD);
            return in.finishCall(t, c, e, Value.of(-1), IntConversions.INT);
        }
        Semantics.RunCommand r = (Semantics.RunCommand) sem;
        if (st.exhaustive) throw Abandon.unsupported(name + ": another program's answers are the world's");
        if (st.speculating) throw Abandon.unsupported(name + " in an atomic section");
        if (r.exec()) c.visible = true;
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        boolean noCommand = LibraryBehaviour.arg(args, r.command()) instanceof Value.Int z && z.v() == 0;
        if (r.exec()) {
            long v = st.chooseAmong(new long[] {-1, 0}, name, call.loc());
            if (v == 0) {
                // the program is replaced: the run ends, as at _exit
                c.visible = true;
                c.terminates = true;
                throw Abandon.end(name + " replaced the program");
            }
            Resources.worldErrno(st, t, call, name);
            return in.finishCall(t, c, e, Value.of(-1), IntConversions.INT);
        }
        long v = st.chooseAmong(noCommand ? new long[] {1} : STATUSES, name, call.loc());
        if (v == -1) couldNotStart(st, t, call, name);
        return in.finishCall(t, c, e, Value.of(v), IntConversions.INT);
    }

    /** A process the call could not start: errno {@code EAGAIN}, recorded after the -1. */
    private static void couldNotStart(ExecState st, ThreadState t, Stmt.Call call, String name) {
        st.logNondet(name, call.loc(), Long.toString(Errno.EAGAIN));
        st.setErrno(t, Errno.EAGAIN);
    }

    /**
     * fork, vfork: the run goes on in the parent (the default: the child's id, new, kept by {@link WorldKept#child}), in
     * the child (0; only a fork by main with every other thread ended, so the child has the thread the run follows and no
     * other, as POSIX gives it the caller alone; its ids new, {@link WorldKept#forkedChild}) or in no new process (-1,
     * {@code EAGAIN}): the world's choice, recorded (the reproducer's wrapper forks and goes on where the witness did).
     * vfork's child borrows the parent's memory until it execs or exits, so a run never goes on in it. The front end
     * runs the handlers pthread_atfork registers before the call, where the child's would run in the parent: a fork with
     * any stops the run (the {@link weft.trace.RaceWitness#NO_HANDLER} the handlers' loop just logged at the call), and
     * so does a proof (which process goes on is the world's).
     */
    private static boolean fork(Interpreter in, ThreadState t, Ctx c, Edge e, Stmt.Call call, String name, Semantics.ForkProcess f) {
        ExecState st = in.st;
        if (st.exhaustive) throw Abandon.unsupported(name + ": which process goes on is the world's");
        if (st.speculating) throw Abandon.unsupported(name + " in an atomic section");
        if (handlersRanBefore(st, call)) throw Abandon.unsupported(name + " with fork handlers (pthread_atfork)");
        c.visible = true;
        if (c.dry) return in.finishCall(t, c, e, Value.ZERO, null);
        boolean alone = !f.shared() && t.index == 0;
        for (ThreadState o : st.threads) if (o != t && !o.finished) alone = false;
        long child = WorldKept.floor(st, "pid", 2);
        long v = st.chooseAmong(alone ? new long[] {child, 0, -1} : new long[] {child, -1}, name, call.loc());
        if (v == -1) {
            couldNotStart(st, t, call, name);
        } else if (v == 0) {
            WorldKept.forkedChild(st);
        } else {
            WorldKept.child(st, v);
        }
        return in.finishCall(t, c, e, Value.of(v), IntConversions.INT);
    }

    /** Whether the front end placed fork handlers before this call: their loop's record is the run's last, at the call. */
    private static boolean handlersRanBefore(ExecState st, Stmt.Call call) {
        String last = null;
        for (String k : st.nondetLog.keySet()) last = k;
        return last != null && last.startsWith(weft.trace.RaceWitness.NO_HANDLER + "@" + call.loc().shortString() + "#");
    }
}
