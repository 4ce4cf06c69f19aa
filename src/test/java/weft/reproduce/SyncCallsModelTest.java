package weft.reproduce;

import org.junit.jupiter.api.Test;
import weft.model.Event;
import weft.model.LibraryModel;
import weft.model.LibraryModels;
import weft.model.Semantics;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reproducer's table ({@code sync-calls.tsv}) lists the functions its C runtime wraps and how; what each function
 * <em>does</em> is the library model's alone. This test keeps the two from telling different stories: each role agrees
 * with the function's typed event or semantics in {@code weft.model}.
 */
class SyncCallsModelTest {
    @Test
    void everyRoleAgreesWithTheLibraryModel() {
        LibraryModels models = LibraryModels.standard();
        for (Map.Entry<String, SyncCalls.Role> e : SyncCalls.standard().roles().entrySet()) {
            String name = e.getKey();
            LibraryModel m = models.lookup(name).orElse(null);
            assertTrue(m != null, name + " is handled by the reproducer but has no library model");
            Event ev = m.event();
            Semantics sem = Semantics.unchecked(name);
            boolean agrees = switch (e.getValue()) {
                case EVENT -> ev instanceof Event.Lock || ev instanceof Event.Unlock || ev instanceof Event.CondSignal
                        || ev instanceof Event.ThreadCreate || ev instanceof Event.ThreadJoin || ev instanceof Event.ThreadDetach
                        // a stream's own lock: its semantics (weft.exec.StreamLocks), the table's event being its accesses
                        || sem instanceof Semantics.StreamLock;
                case BLOCKING -> ev instanceof Event.CondWait || ev instanceof Event.BarrierWait || ev instanceof Event.ThreadExit;
                case SHADOW -> ev instanceof Event.LockInit || ev instanceof Event.LockDestroy || ev instanceof Event.SemInit
                        || ev instanceof Event.BarrierInit || ev instanceof Event.BarrierDestroy
                        || sem instanceof Semantics.ReturnsZero || sem instanceof Semantics.Accepts || sem instanceof Semantics.Unsupported
                        || sem instanceof Semantics.InputResult || sem instanceof Semantics.Attribute;
                case RUNTIME -> ev instanceof Event.AtomicBegin || ev instanceof Event.AtomicEnd;
                case INPUT -> ev instanceof Event.Nondet;
                case HANDLE -> ev instanceof Event.ThreadSelf || ev instanceof Event.ThreadDetach || ev instanceof Event.ThreadCancel
                        || ev instanceof Event.ThreadJoin || ev instanceof Event.MemAccess || ev instanceof Event.Pure;
                // a directory stream's position: of the witness's streams, which the runtime keeps
                // streams on memory: the runtime notes them, so that fflush's answers stay the other streams' (weft.exec.MemoryStreams)
                case LIBINPUT -> weft.model.WorldValues.worldAnswer(sem) || sem instanceof Semantics.DirectoryPosition
                        || sem instanceof Semantics.MemoryStreamOpen || sem instanceof Semantics.CloseStream;
                case CHANNEL -> sem instanceof Semantics.DescriptorIoctl || weft.model.WorldValues.worldAnswer(sem) && (sem instanceof Semantics.WorldRead || sem instanceof Semantics.WorldWrite
                        || sem instanceof Semantics.CloseDescriptor || sem instanceof Semantics.DescriptorControl || sem instanceof Semantics.PollWait
                        || sem instanceof Semantics.EpollWait || sem instanceof Semantics.NewPipe || sem instanceof Semantics.DuplicateDescriptor);
                case ENDING -> ev instanceof Event.ProgramEnd;
                // the functions whose accesses of the program's memory TSan does not see: the wrapper makes them again
                case LIBACCESS -> ev instanceof Event.Once || sem instanceof Semantics.HashTable || sem instanceof Semantics.Getopt || sem instanceof Semantics.FormatTime
                        || ev instanceof Event.MemAccess && (sem instanceof Semantics.Tokenize || sem instanceof Semantics.Separate
                        || sem instanceof Semantics.CopyUntil || sem instanceof Semantics.FindByte || sem instanceof Semantics.ParseFloat || sem instanceof Semantics.ReadLine || sem instanceof Semantics.PathPart
                        || sem instanceof Semantics.SignalSet || sem instanceof Semantics.SignalAction || sem instanceof Semantics.SeededRandom
                        || sem instanceof Semantics.Rand48 || sem instanceof Semantics.Sleep || sem instanceof Semantics.SignalMask
                        || sem instanceof Semantics.Sort || sem instanceof Semantics.Search s && s.linear() || sem instanceof Semantics.Tree t && !t.op().equals("walk") && !t.op().equals("destroy") || sem instanceof Semantics.FileGlobFree || sem instanceof Semantics.EnvironmentChange || sem instanceof Semantics.SignalState || sem instanceof Semantics.StreamPosition || sem instanceof Semantics.SocketOption || sem instanceof Semantics.ParseTime
                        // the copies and fills gcc 12's TSan does not intercept (mempcpy, stpcpy, strcat, wmemcpy...)
                        || sem instanceof Semantics.CopyBytes || sem instanceof Semantics.SetBytes || sem instanceof Semantics.CopyString
                        || sem instanceof Semantics.AppendString || sem instanceof Semantics.WideString
                        // printf's strings, the multibyte conversions' text and characters
                        || sem instanceof Semantics.Output o && o.shown() || sem instanceof Semantics.Multibyte
                        // OpenSSL's bookkeeping on its objects and its error texts (the answers are LIBINPUT's)
                        || sem instanceof Semantics.OpenSsl o && !o.world());
            };
            assertTrue(agrees, name + ": role " + e.getValue() + " but model " + ev + " / " + sem);
        }
    }
}
