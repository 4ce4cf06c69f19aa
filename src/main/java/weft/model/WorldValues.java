package weft.model;

/**
 * The world's answers in a witness: which library calls' results are the world's ({@link #worldAnswer}: inputs the
 * witness records and the reproducer's wrappers give back) and how many values one call records
 * ({@link #recordedValues}), read from the call's {@link Semantics}.
 */
public final class WorldValues {
    private WorldValues() {
    }

    /**
     * How many values a call of {@code name} records for a witness when the first is {@code first} (the result, or
     * for {@code epoll_wait} the count): a failure's {@code errno} follows its -1; an accepted connection's peer port
     * its descriptor; {@code gettimeofday}'s and {@code clock_gettime}'s fraction its seconds; {@code epoll_wait}'s descriptor and events its 1; the count {@code eventfd_read} read its 0;
     * {@code getaddrinfo}'s address, port, socket type and protocol its 0 (the order of {@code weft.exec.EventLoop},
     * {@code weft.exec.Addresses} and the reproducer's wrappers); {@code bind}'s port (its 0) or errno.
     */
    public static int recordedValues(String name, long first) {
        Semantics s = Semantics.unchecked(name);
        // scanf of the standard input: the count of the characters the world gave, then each
        if (s instanceof Semantics.ReadStream r && r.formatted()) return (int) Math.max(0, Math.min(first, 1 << 16)) + 1;
        if (s instanceof Semantics.EpollWait) return first == 1 ? 3 : first == -1 ? 2 : 1;
        if (s instanceof Semantics.PollWait) return first > 0 ? 3 : first == -1 ? 2 : 1;
        if (s instanceof Semantics.ResolveAddress) return first == 0 ? 5 : 1;
        if (s instanceof Semantics.ResolveHost) return first == 0 ? 2 : 1;
        if (s instanceof Semantics.AccountEntry a) return a.recorded(first);
        if (s instanceof Semantics.OpenSsl o) return o.recorded(first);
        if (s instanceof Semantics.DatabaseEntry d) return d.recorded(first);
        if (s instanceof Semantics.ThreadSchedule ts) return ts.recorded(first);
        if (s instanceof Semantics.ThreadName tn) return tn.op().equals("get") && first == 0 ? 2 : 1;
        if (s instanceof Semantics.ThreadAffinity) return first == 0 ? 2 : 1;
        if (s instanceof Semantics.ThreadAttributes ta) return ta.recorded(first);
        if (s instanceof Semantics.AcceptConnection || s instanceof Semantics.CounterRead || s instanceof Semantics.TimeOfDay || s instanceof Semantics.ResourceLimit) return 2;
        if (s instanceof Semantics.WorldRead) return first > 0 || first == -1 ? 2 : 1;
        if (s instanceof Semantics.WorldMap) return 2;
        if (s instanceof Semantics.ResourceUsage) return 4;
        if (s instanceof Semantics.WalkEntry) return first == 1 ? 3 : 1;
        if (s instanceof Semantics.LoadedObjects lo) return lo.op().equals("next") ? lo.recorded(first) : 1;
        if (s instanceof Semantics.WorldStatus) return first == 0 ? 4 : 2;
        if (s instanceof Semantics.FileSystemStatus) return first == 0 ? 6 : 2;
        if (s instanceof Semantics.Terminal) return first == 0 ? 1 : 2;
        if (s instanceof Semantics.WorldOpen || s instanceof Semantics.WorldWrite || s instanceof Semantics.WorldSeek) return first == -1 ? 2 : 1;
        if (s instanceof Semantics.NewPipe) return 2;
        if (s instanceof Semantics.SignalWait) return first == -1 ? 2 : 1;
        if (s instanceof Semantics.SignalSend) return first == -1 ? 2 : 1;
        if (s instanceof Semantics.ProcessTimes) return 3;
        if (s instanceof Semantics.WorldTransfer) return first == -1 ? 2 : 1;
        if (s instanceof Semantics.TemporaryName) return 2;
        if (s instanceof Semantics.ResolvePath) return first == -1 ? 2 : 1;
        if (s instanceof Semantics.RunCommand || s instanceof Semantics.ForkProcess) return first == -1 ? 2 : 1;
        if (s instanceof Semantics.BindAddress) return 2;
        if (s instanceof Semantics.DuplicateDescriptor || s instanceof Semantics.DescriptorControl || s instanceof Semantics.WatchAdd) return first == -1 ? 2 : 1;
        if (s instanceof Semantics.InputResult ir) return ir.errno() && first == ir.failure() ? 2 : 1;
        boolean errno = s instanceof Semantics.CloseDescriptor || s instanceof Semantics.EpollControl || s instanceof Semantics.CounterWrite || s instanceof Semantics.TimerSet
                || s instanceof Semantics.IntervalTimer;
        return errno && first == -1 ? 2 : 1;
    }

    /**
     * Whether the first value a call of {@code name} records is its result (a witness file may state it as the value
     * stored): not for a formatted read of the standard input, whose first value counts the characters read.
     */
    public static boolean firstIsResult(String name) {
        return !(Semantics.unchecked(name) instanceof Semantics.ReadStream r && r.formatted());
    }

    /**
     * Whether the results of calls with semantics {@code s} are the world's: inputs the witness records and the
     * reproducer's wrappers give back (the {@code libinput} role of {@code weft/reproduce/sync-calls.tsv}).
     */
    public static boolean worldAnswer(Semantics s) {
        if (s instanceof Semantics.Fortified f) s = f.inner();
        return s instanceof Semantics.RandomInt || s instanceof Semantics.CurrentTime || s instanceof Semantics.TimeOfDay || s instanceof Semantics.InputResult
                || s instanceof Semantics.OpenStream || s instanceof Semantics.EnvironmentVariable || s instanceof Semantics.DateParse || s instanceof Semantics.ReopenStream || s instanceof Semantics.NewDescriptor || s instanceof Semantics.CloseDescriptor
                || s instanceof Semantics.AcceptConnection || s instanceof Semantics.EpollControl || s instanceof Semantics.EpollWait || s instanceof Semantics.CounterRead
                || s instanceof Semantics.WatchAdd || s instanceof Semantics.CounterWrite || s instanceof Semantics.TimerSet || s instanceof Semantics.TimerGet || s instanceof Semantics.ResolveAddress || s instanceof Semantics.FreeAddresses
                || s instanceof Semantics.ResourceLimit || s instanceof Semantics.ResourceUsage || s instanceof Semantics.WorldOpen || s instanceof Semantics.WorldRead || s instanceof Semantics.WorldWrite
                || s instanceof Semantics.WorldSeek || s instanceof Semantics.WorldTransfer || s instanceof Semantics.PeerName || s instanceof Semantics.BindAddress
                || s instanceof Semantics.ForkProcess
                || s instanceof Semantics.FileAdvice || s instanceof Semantics.TemporaryName || s instanceof Semantics.ResolvePath
                || s instanceof Semantics.WorldStatus || s instanceof Semantics.FileSystemStatus || s instanceof Semantics.Terminal || s instanceof Semantics.WorldMap || s instanceof Semantics.OpenDirectory || s instanceof Semantics.ReadDirectory || s instanceof Semantics.ScanDirectory || s instanceof Semantics.IntervalTimer
                || s instanceof Semantics.CloseDirectory || s instanceof Semantics.SystemName || s instanceof Semantics.ResolveHost
                || s instanceof Semantics.SignalDisposition || s instanceof Semantics.AccountEntry || s instanceof Semantics.PollWait
                || s instanceof Semantics.NewPipe || s instanceof Semantics.DuplicateDescriptor || s instanceof Semantics.DescriptorControl
                || s instanceof Semantics.SignalWait || s instanceof Semantics.ProcessTimes || s instanceof Semantics.RunCommand
                || s instanceof Semantics.OpenSsl o && o.world()
                || s instanceof Semantics.SystemCall || s instanceof Semantics.DatabaseEntry || s instanceof Semantics.ThreadName
                || s instanceof Semantics.ThreadSchedule || s instanceof Semantics.ThreadAffinity || s instanceof Semantics.FileGlob
                || s instanceof Semantics.ThreadAttributes || s instanceof Semantics.LoadedObjects || s instanceof Semantics.LocaleObject lo && lo.op().equals("new")
                || s instanceof Semantics.SignalSend ss && ss.process()
                || s instanceof Semantics.CloseStream cs && cs.process();
    }
}
