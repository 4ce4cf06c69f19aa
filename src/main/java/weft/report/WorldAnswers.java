package weft.report;

import weft.model.Semantics;

import java.util.List;

/**
 * The world's answers to calls that record more than one value (the descriptor and event-loop models of
 * {@code weft.exec.EventLoop}, {@code weft.exec.Addresses}: {@code getaddrinfo}, {@code gethostbyname}) in a person's words: "epoll_wait reported descriptor 3
 * ready for reading at ...", "accept returned descriptor 7, a connection from 127.0.0.1:32775, at ...". A call's values
 * are consecutive in a witness (one step records them all), in the order the models record them.
 */
final class WorldAnswers {
    /** A sentence and how many of the recorded values it said. */
    record Said(String text, int values) {}

    private WorldAnswers() {
    }

    /** Whether calls of {@code name} are said here. */
    static boolean says(String name) {
        Semantics s = Semantics.unchecked(name);
        return s instanceof Semantics.NewDescriptor || s instanceof Semantics.NewPipe || s instanceof Semantics.DuplicateDescriptor
                || s instanceof Semantics.SignalWait || s instanceof Semantics.SignalSend || s instanceof Semantics.ProcessTimes || s instanceof Semantics.EnvironmentVariable
                || s instanceof Semantics.DateParse || s instanceof Semantics.ReopenStream
                || s instanceof Semantics.RunCommand || s instanceof Semantics.WorldTransfer || s instanceof Semantics.ResolvePath
                || s instanceof Semantics.AcceptConnection || s instanceof Semantics.EpollWait
                || s instanceof Semantics.CounterRead || s instanceof Semantics.ResolveAddress || s instanceof Semantics.ResolveHost
                || s instanceof Semantics.PollWait
                || s instanceof Semantics.SignalDisposition || s instanceof Semantics.AccountEntry
                || s instanceof Semantics.EpollControl || s instanceof Semantics.WatchAdd
                || s instanceof Semantics.CounterWrite || s instanceof Semantics.TimerSet || s instanceof Semantics.ResourceLimit || s instanceof Semantics.ResourceUsage || s instanceof Semantics.WalkEntry
                || s instanceof Semantics.LoadedObjects lo && lo.op().equals("next")
                || s instanceof Semantics.ScanStep || s instanceof Semantics.IntervalTimer
                || s instanceof Semantics.WorldOpen || s instanceof Semantics.WorldRead || s instanceof Semantics.WorldWrite
                || s instanceof Semantics.WorldStatus || s instanceof Semantics.FileSystemStatus || s instanceof Semantics.WorldMap
                || s instanceof Semantics.OpenDirectory || s instanceof Semantics.ReadDirectory || s instanceof Semantics.Terminal
                || s instanceof Semantics.ThreadClock || s instanceof Semantics.InputResult ir && ir.errno()
                || s instanceof Semantics.OpenSsl || s instanceof Semantics.DatabaseEntry
                || s instanceof Semantics.SystemName sn && sn.op().equals("interface") || s instanceof Semantics.ThreadAffinity
                || s instanceof Semantics.ThreadAttributes
                || s instanceof Semantics.ReadStream r && r.formatted() || s instanceof Semantics.FileGlob
                || s instanceof Semantics.BindAddress || s instanceof Semantics.ForkProcess;
    }

    /**
     * The sentence for the call of {@code name} at {@code where} whose values begin {@code values} (the values of
     * later calls may follow: only this call's are said).
     */
    static Said say(String name, String where, List<Long> values) {
        Semantics s = Semantics.unchecked(name);
        long first = values.get(0);
        if (s instanceof Semantics.WalkEntry) {
            if (first == 0) return new Said("the file-tree walk at " + where + " ended", 1);
            if (values.size() >= 3) {
                return new Said("the file-tree walk at " + where + " handed its callback a regular file of " + values.get(1) + " bytes", 3);
            }
        }
        if (s instanceof Semantics.LoadedObjects lo) {
            if (first <= 0) return new Said("dl_iterate_phdr's list of loaded objects ended at " + where, 1);
            int n = lo.recorded(first);
            if (values.size() >= n) {
                long named = values.get(1);
                String object = named == 0 ? "the program itself"
                        : named > 0 && named < Semantics.LoadedObjects.NAMES.size() ? Semantics.LoadedObjects.NAMES.get((int) named) : "object " + named;
                StringBuilder b = new StringBuilder("dl_iterate_phdr handed its callback " + object + ", loaded at 0x" + Long.toHexString(values.get(2))
                        + ", with " + (first - 1) + " program header" + (first == 2 ? "" : "s"));
                for (int j = 0; j < first - 1; j++) {
                    int at = 1 + Semantics.LoadedObjects.OBJECT_VALUES + j * Semantics.LoadedObjects.HEADER_VALUES;
                    b.append(j == 0 ? " (" : ", ").append(segment(values.get(at))).append(' ').append(flags(values.get(at + 1)))
                            .append(" at 0x").append(Long.toHexString(values.get(at + 2))).append(" of ").append(values.get(at + 3)).append(" bytes");
                }
                return new Said(b.append(first > 1 ? ")" : "").append(" at ").append(where).toString(), n);
            }
        }
        if (s instanceof Semantics.ScanStep) {
            String text = first == Semantics.ScanStep.OPENED ? "scandir opened the directory at " + where
                    : first == Semantics.ScanStep.MISSING ? "scandir found no directory (ENOENT) at " + where
                    : first == 0 ? "the directory scan at " + where + " read the directory's end"
                    : "the directory scan at " + where + " read a regular file";
            return new Said(text, 1);
        }
        if (s instanceof Semantics.IntervalTimer it && first >= 0) {
            return new Said(it.op().equals("alarm") ? name + " found " + (first == 0 ? "no alarm armed" : first + " s left of the alarm it replaced")
                    + " at " + where + " (no timer expires in the run)" : name + " returned 0 at " + where + " (no timer expires in the run)", 1);
        }
        if (s instanceof Semantics.ResourceUsage && values.size() >= 4) {
            return new Said(name + " reported " + values.get(0) + " s " + values.get(1) + " µs of user time and " + values.get(2) + " s "
                    + values.get(3) + " µs of system time at " + where, 4);
        }
        if (s instanceof Semantics.ResourceLimit && values.size() > 1) {
            return new Said(name + " gave the limits " + limit(first) + " (soft) and " + limit(values.get(1)) + " (hard) at " + where, 2);
        }
        if (s instanceof Semantics.InputResult ir && ir.failure() != -1) {
            if (first == ir.failure() && values.size() > 1) return new Said(name + " returned " + first + " (errno " + values.get(1) + ") at " + where, 2);
            return new Said(name + " returned " + first + " at " + where, 1);
        }
        if (first == -1 && values.size() > 1) return new Said(name + " failed with errno " + values.get(1) + " at " + where, 2);
        if (s instanceof Semantics.WorldOpen) return new Said(name + " returned descriptor " + first + " at " + where, 1);
        if (s instanceof Semantics.WorldRead && first > 0 && values.size() > 1) {
            return new Said(name + " read " + first + " bytes, each " + byteText(values.get(1)) + ", at " + where, 2);
        }
        if (s instanceof Semantics.WorldRead && first == 0) return new Said(name + " met the end of the input at " + where, 1);
        if (s instanceof Semantics.WorldMap && first == 0 && values.size() > 1) {
            return new Said(name + " mapped the file, its bytes each " + byteText(values.get(1)) + ", at " + where, 2);
        }
        if (s instanceof Semantics.WorldStatus && first == 0 && values.size() > 3) {
            return new Said(name + " found " + fileKind(values.get(1)) + " (mode 0" + Long.toOctalString(values.get(1)) + ") of " + values.get(2)
                    + " bytes, modified at " + values.get(3) + ", at " + where, 4);
        }
        if (s instanceof Semantics.OpenSsl o) return openSsl(name, o, where, values);
        if (s instanceof Semantics.DatabaseEntry d) {
            if (first != 0) return new Said(name + " found no entry at " + where, 1);
            if (values.size() > 1 && d.recorded(first) == 2) {
                String what = switch (d.db()) {
                    case "service" -> "port";
                    case "protocol" -> "protocol number";
                    default -> "network number";
                };
                return new Said(name + " found an entry, " + what + " " + values.get(1) + ", at " + where, 2);
            }
            return new Said(name + " found an entry at " + where, 1);
        }
        if (s instanceof Semantics.FileGlob) return new Said(name + (first == 0 ? " found a file (the pattern's wildcards as 'f')" : " found no file") + " at " + where, 1);
        if (s instanceof Semantics.ReadStream) {
            int n = (int) Math.max(0, Math.min(first, values.size() - 1));
            StringBuilder text = new StringBuilder();
            boolean ended = false;
            for (int i = 1; i <= n; i++) {
                long b = values.get(i);
                if (b < 0) ended = true;
                else text.append(b == '\n' ? "\\n" : b == '"' ? "\\\"" : b >= 32 && b < 127 ? String.valueOf((char) b) : String.format("\\x%02x", b));
            }
            return new Said(name + " read \"" + text + "\"" + (ended ? " and the end" : "") + " from the standard input at " + where, n + 1);
        }
        if (s instanceof Semantics.ThreadAffinity && first == 0 && values.size() > 1) {
            return new Said(name + " gave the CPU mask 0x" + Long.toHexString(values.get(1)) + " at " + where, 2);
        }
        if (s instanceof Semantics.ThreadAttributes && first == 0 && values.size() >= 5) {
            return new Said(name + " gave the thread's attributes: policy " + values.get(1) + ", priority " + values.get(2) + ", a guard of "
                    + values.get(3) + " bytes and a stack of " + values.get(4) + " bytes, at " + where, 5);
        }
        if (s instanceof Semantics.SystemName) {
            return new Said(name + (first == 0 ? " found a network interface of that index (named weft and the index)" : " found no network interface of that index (ENXIO)")
                    + " at " + where, 1);
        }
        if (s instanceof Semantics.ThreadClock) return new Said(name + " gave the CPU clock of thread id " + first + " at " + where, 1);
        if (s instanceof Semantics.Terminal tm) {
            if (first == 0) return new Said(name + " found a terminal" + (tm.op().startsWith("name") ? ", " + weft.model.Semantics.TERMINAL_NAME : "") + ", at " + where, 1);
            if (values.size() > 1) return new Said(name + " found no terminal (errno " + values.get(1) + ") at " + where, 2);
        }
        if (s instanceof Semantics.OpenDirectory od) {
            if (first == 0) return new Said(name + " opened a directory stream at " + where, 1);
            return new Said(name + (od.fd() >= 0 ? " found no directory (ENOTDIR)" : " found no such directory (ENOENT)") + " at " + where, 1);
        }
        if (s instanceof Semantics.ReadDirectory) {
            return new Said(name + (first == 1 ? " gave an entry, a regular file," : " met the end of the directory") + " at " + where, 1);
        }
        if (s instanceof Semantics.FileSystemStatus && first == 0 && values.size() > 5) {
            return new Said(name + " found a file system of " + values.get(1) + " blocks, " + values.get(2) + " free (" + values.get(3)
                    + " to the program), and " + values.get(4) + " files, " + values.get(5) + " free, at " + where, 6);
        }
        if (s instanceof Semantics.NewDescriptor) return new Said(name + " returned descriptor " + first + " at " + where, 1);
        if (s instanceof Semantics.NewPipe && values.size() > 1) {
            return new Said(name + " gave descriptors " + first + " and " + values.get(1) + " at " + where, 2);
        }
        if (s instanceof Semantics.DuplicateDescriptor) return new Said(name + " returned descriptor " + first + " at " + where, 1);
        if (s instanceof Semantics.WatchAdd) return new Said(name + " watched the path (watch descriptor " + first + ") at " + where, 1);
        if (s instanceof Semantics.SignalWait) return new Said(name + " received signal " + first + " at " + where, 1);
        if (s instanceof Semantics.SignalSend && first == 1) return new Said(name + " sent its signal to the program itself at " + where, 1);
        if (s instanceof Semantics.SignalSend && first == 0) return new Said(name + " sent its signal to another process, which took it, at " + where, 1);
        if (s instanceof Semantics.ResolvePath && first == 0) return new Said(name + " found the path (no symbolic links) at " + where, 1);
        if (s instanceof Semantics.RunCommand rc && !rc.exec() && first >= 0) {
            return new Said(name + "'s command " + (first == 1 ? "shell exists" : "exited with " + (first >> 8)) + " at " + where, 1);
        }
        if (s instanceof Semantics.ReopenStream) return new Said(name + " opened the file on the stream (an empty file) at " + where, 1);
        if (s instanceof Semantics.DateParse) {
            return new Said(name + (first == 1 ? " found no template file (DATEMSK unset), getdate_err 1," : " found no template file where DATEMSK points, getdate_err " + first + ",")
                    + " at " + where, 1);
        }
        if (s instanceof Semantics.EnvironmentVariable) {
            return new Said(name + (first == 0 ? " found the variable unset" : " found the value the program set") + " at " + where, 1);
        }
        if (s instanceof Semantics.ProcessTimes && values.size() > 2) {
            return new Said(name + " reported " + first + " ticks, " + values.get(1) + " of user and " + values.get(2) + " of system time, at " + where, 3);
        }
        if (s instanceof Semantics.BindAddress && first == 0 && values.size() > 1) {
            return new Said(name + " returned 0" + (values.get(1) != 0 ? ", the socket bound to port " + values.get(1) + "," : "") + " at " + where, 2);
        }
        // (its failure, -1 and errno, is said above with every other)
        if (s instanceof Semantics.ForkProcess) {
            return new Said(name + " returned " + first + " at " + where + (first == 0 ? ": the interleaving goes on in the child" : ": it goes on in the parent"), 1);
        }
        if (s instanceof Semantics.AcceptConnection && values.size() > 1) {
            return new Said(name + " returned descriptor " + first + ", a connection from 127.0.0.1:" + values.get(1) + ", at " + where, 2);
        }
        if (s instanceof Semantics.EpollWait) {
            if (first == 0) return new Said(name + " timed out (no registered descriptor could be ready) at " + where, 1);
            if (values.size() > 2) {
                return new Said(name + " reported descriptor " + values.get(1) + " ready " + events(values.get(2)) + " at " + where, 3);
            }
        }
        if (s instanceof Semantics.PollWait pw) {
            if (first == 0) return new Said(name + " timed out (no descriptor it watched could be ready) at " + where, 1);
            if (first > 0 && values.size() > 2) {
                String which = pw.select() ? "descriptor " + values.get(1) : "entry " + values.get(1);
                return new Said(name + " reported " + which + " ready " + events(values.get(2)) + " at " + where, 3);
            }
        }
        if (s instanceof Semantics.CounterRead && values.size() > 1) return new Said(name + " read the count " + values.get(1) + " at " + where, 2);
        if (s instanceof Semantics.ResolveAddress && first == 0 && values.size() >= 5) {
            return new Said(name + " resolved to " + Semantics.FormatAddress.text(values.get(1)) + " port " + values.get(2) + " at " + where, 5);
        }
        if (s instanceof Semantics.AccountEntry a) {
            String what = a.group() ? "group" : "user";
            if (first != 0) return new Said(name + " found no such " + what + " at " + where, 1);
            int n = a.recorded(0);
            if (values.size() >= n) {
                String ids = a.group() ? (n > 1 ? " with gid " + values.get(1) : "")
                        : n > 2 ? " with uid " + values.get(1) + " and gid " + values.get(2) : " with gid " + values.get(1);
                return new Said(name + " found the " + what + ids + " at " + where, n);
            }
        }
        if (s instanceof Semantics.SignalDisposition) {
            if (first == -1) return new Said(name + " failed (EINVAL) at " + where, 1);
            String before = first == 0 ? "the default disposition (SIG_DFL)" : first == 1 ? "the signal ignored (SIG_IGN)" : "a handler of the program's";
            return new Said(name + " found " + before + " before its registration at " + where, 1);
        }
        if (s instanceof Semantics.ResolveHost && first == 0 && values.size() >= 2) {
            return new Said(name + " resolved to " + Semantics.FormatAddress.text(values.get(1)) + " at " + where, 2);
        }
        return new Said(name + " returned " + first + " at " + where, 1);
    }

    private static String fileKind(long mode) {
        return switch ((int) (mode & 0170000)) {
            case 0100000 -> "a regular file";
            case 040000 -> "a directory";
            case 020000 -> "a character device";
            case 010000 -> "a pipe";
            case 0120000 -> "a symbolic link";
            default -> "a file";
        };
    }

    private static String limit(long v) {
        return v == -1 ? "unlimited" : Long.toUnsignedString(v);
    }

    private static String events(long e) {
        boolean in = (e & 1) != 0, out = (e & 4) != 0;
        return in && out ? "for reading and writing" : in ? "for reading" : out ? "for writing" : "(events " + e + ")";
    }

    /** OpenSSL's answers ({@code weft.exec.OpenSsl}): objects made, bytes read, the error queue's codes, SSL_get_error's verdicts. */
    private static Said openSsl(String name, Semantics.OpenSsl o, String where, List<Long> values) {
        long first = values.get(0);
        switch (o.op()) {
            case "new-context", "new-connection" -> {
                String what = o.op().equals("new-context") ? "a context" : "a connection";
                if (first != 0) return new Said(name + " failed (null) at " + where, 1);
                if (values.size() > 1 && o.op().equals("new-context")) {
                    return new Said(name + " made " + what + " with options 0x" + Long.toHexString(values.get(1)) + " at " + where, 2);
                }
                return new Said(name + " made " + what + " at " + where, 1);
            }
            case "read", "peek" -> {
                if (first > 0 && values.size() > 1) return new Said(name + " gave " + first + " bytes, each " + byteText(values.get(1)) + ", at " + where, 2);
                if (first == 0) return new Said(name + " met the end of the connection at " + where, 1);
            }
            case "next-error", "peek-error" -> {
                return new Said(first == 0 ? name + " found the thread's error queue empty at " + where
                        : name + " gave error code 0x" + Long.toHexString(first).toUpperCase(java.util.Locale.ROOT) + " at " + where, 1);
            }
            case "get-error" -> {
                String[] verdicts = {"SSL_ERROR_NONE", "SSL_ERROR_SSL", "SSL_ERROR_WANT_READ", "SSL_ERROR_WANT_WRITE", "SSL_ERROR_WANT_X509_LOOKUP",
                        "SSL_ERROR_SYSCALL", "SSL_ERROR_ZERO_RETURN"};
                if (first >= 0 && first < verdicts.length) return new Said(name + " answered " + verdicts[(int) first] + " at " + where, 1);
            }
            default -> {
            }
        }
        return new Said(name + " returned " + first + " at " + where, 1);
    }

    /** A byte value as a report says it: the number, and the character when it is printable ({@code 97 ('a')}). */
    private static String byteText(long b) {
        return b + (b >= 32 && b < 127 ? " ('" + (char) b + "')" : "");
    }

    /** An ELF segment type's name ({@code PT_LOAD}...), or its number. */
    private static String segment(long type) {
        return switch ((int) type) {
            case 1 -> "PT_LOAD";
            case 2 -> "PT_DYNAMIC";
            case 4 -> "PT_NOTE";
            case 6 -> "PT_PHDR";
            case 7 -> "PT_TLS";
            case 0x6474e550 -> "PT_GNU_EH_FRAME";
            case 0x6474e551 -> "PT_GNU_STACK";
            case 0x6474e552 -> "PT_GNU_RELRO";
            default -> "type 0x" + Long.toHexString(type);
        };
    }

    /** A segment's flags as {@code readelf} prints them: R, W, E. */
    private static String flags(long f) {
        return ((f & 4) != 0 ? "R" : "") + ((f & 2) != 0 ? "W" : "") + ((f & 1) != 0 ? "E" : "") + ((f & 7) == 0 ? "-" : "");
    }
}
