package weft.soundness;

import weft.soundness.GenProgram.Fn;
import weft.soundness.GenProgram.Node;

import java.util.List;
import java.util.Random;
import java.util.function.IntSupplier;

/**
 * How {@link ProgramGenerator} writes one plain or atomic access to an object: directly, through a pointer to it, or
 * made on the program's behalf by the C library (copies, a {@code qsort} comparator, {@code vsnprintf}/{@code vsscanf}
 * through a {@code va_list}) or by helpers every thread calls with every object's address. The helpers it needs go
 * into the program's list once. One instance per generated program, drawing from the generator's random source and
 * names, so a seed still gives one program.
 */
final class AccessForms {
    private final Random rnd;
    private final List<Fn> helpers;
    private final IntSupplier nextName;
    private boolean sharedHelpers;
    private boolean vaHelpers;

    AccessForms(Random rnd, List<Fn> helpers, IntSupplier nextName) {
        this.rnd = rnd;
        this.helpers = helpers;
        this.nextName = nextName;
    }

    String plainOp(String lv, int op) {
        return switch (op) {
            case 0 -> "r += " + lv + ";";
            case 1 -> lv + " = " + (1 + rnd.nextInt(3)) + ";";
            case 2 -> lv + " = " + lv + " + 1;";
            default -> (lv.startsWith("*") ? "(" + lv + ")" : lv) + "++;";
        };
    }

    String atomicOp(String lv, int op) {
        String a = lv.startsWith("*") ? lv.substring(1) : "&" + lv;
        return switch (op) {
            case 0 -> rnd.nextBoolean() ? "r += __atomic_load_n(" + a + ", __ATOMIC_SEQ_CST);" : "r += __sync_fetch_and_add(" + a + ", 0);";
            case 1 -> "__atomic_store_n(" + a + ", " + (1 + rnd.nextInt(3)) + ", __ATOMIC_SEQ_CST);";
            case 2 -> "__atomic_fetch_add(" + a + ", 1, __ATOMIC_SEQ_CST);";
            default -> "__sync_fetch_and_add(" + a + ", 1);";
        };
    }

    /** A plain access, sometimes through a pointer to (or into) the object, or made by a library function. */
    String viaPointer(boolean atomicKind, String lv, int op) {
        if (!atomicKind && rnd.nextInt(5) == 0) return viaLibrary(lv, op);
        if (rnd.nextInt(4) != 0 || lv.startsWith("*")) return plainOp(lv, op);
        if (!atomicKind && rnd.nextBoolean()) return viaSharedHelper(lv, op);
        String type = atomicKind ? "_Atomic int *" : "int *";
        String p = "p" + nextName.getAsInt();
        return "{ " + type + p + " = &" + lv + "; " + plainOp("*" + p, op) + " }";
    }

    /**
     * The access made by {@code peek} or {@code bump}, helpers every thread calls with the addresses of all the objects
     * (the points-to analysis merges their parameters; only calling contexts, {@code ArgumentTargets}, tell the calls
     * apart).
     */
    private String viaSharedHelper(String lv, int op) {
        if (!sharedHelpers) {
            sharedHelpers = true;
            helpers.add(new Fn("int peek(const int *p)", List.of(), "return *p;", false));
            helpers.add(new Fn("void bump(int *p, int v)", List.of(Node.stmt(-1, "*p = *p + v;", false)), null, false));
        }
        return op == 0 ? "r += peek(&(" + lv + "));" : "bump(&(" + lv + "), " + op + ");";
    }

    /**
     * The access made by the C library on the program's behalf: {@code memcpy}/{@code memset} through the object's
     * address (the library table's read/write effects), {@code access} reading the object as a path (audit D38), or a {@code qsort} comparator that the library calls back
     * during the call (the table's synchronous callbacks). Glibc calls the comparator of a two-element sort once, and
     * {@code lfind}'s once when the key is the first element; {@code lsearch} copies the object's address into a table
     * the access then goes through, and so does {@code hsearch}'s entry (audit D53).
     */
    private String viaLibrary(String lv, int op) {
        String addr = "&(" + lv + ")";
        int number = nextName.getAsInt();
        String t = "t" + number;
        if (rnd.nextInt(4) == 0) return viaVaList(addr, op);
        if (number % 3 == 2 && lv.matches("\\w+\\[[0-2]\\]")) {
            // audit D54: glibc's mbrtowc of one byte in the C locale leaves its conversion state alone; the explorer
            // records the state's accesses (8 bytes from the element: within the array) for proofs only, and no witness
            // may rest on them (the harness replays every witness no oracle confirmed). The call is the site's only
            // access: a race on it is for proofs to count and for no witness to show. The name's number decides: no draw
            // of its own.
            return "{ wchar_t w" + t + "; r += (int) mbrtowc(&w" + t + ", \"a\", 1, (mbstate_t *) " + addr + "); }";
        }
        if (number % 7 == 5) {
            // issue 35: the access is a forked child's, in its own copy of the memory, and the child ends there; no
            // race of the parent's threads is on it (weft.exec.Processes#fork: a run goes on in the child only when it
            // has the caller alone). The parent goes on without waiting (a wait after a fork stops a run). The name's
            // number decides: no draw of its own.
            return "{ pid_t p" + t + " = fork(); if (p" + t + " == 0) { " + plainOp(lv, op) + " _exit(0); } }";
        }
        switch (rnd.nextInt(3)) {
            case 0:
                // audit D32: every other such copy reaches the object through the end pointer mempcpy returns (the
                // parity of the name: no draw of its own, so a seed's other choices stay as they were)
                String[] base = t.hashCode() % 2 == 0 ? precedingBase(lv) : null;
                if (base != null) {
                    String c = "c" + t;
                    return "{ char " + c + "[4 * sizeof(int)]; memcpy(" + c + ", " + base[0] + ", " + base[1] + "); int *" + t
                            + " = (int *) mempcpy(" + base[0] + ", " + c + ", " + base[1] + "); " + plainOp("*" + t, op) + " }";
                }
                if (op == 0) return "{ int " + t + "; memcpy(&" + t + ", " + addr + ", sizeof " + t + "); r += " + t + "; }";
                return "{ int " + t + " = " + (1 + rnd.nextInt(3)) + "; memcpy(" + addr + ", &" + t + ", sizeof " + t + "); }";
            case 1:
                // audit D35: every third such access goes through strtok's continuation (the parity of the name: no draw
                // of its own, so a seed's other choices stay as they were)
                if (t.hashCode() % 3 == 0) return viaSavedPosition(lv, op, t);
                if (op == 0 && t.hashCode() % 3 == 1) return readByLibrary(lv, addr, t);
                if (op == 0) return "{ int " + t + "[1]; memmove(" + t + ", " + addr + ", sizeof(int)); r += " + t + "[0]; }";
                // audit D46: every other remaining write is the stream library's (the name's number: no draw of its own)
                if (number % 2 == 1) return writtenByStream(addr, t, number / 2 % 4);
                return "memset(" + addr + ", 0, sizeof(int));";
            default: {
                String cmp = "cmp" + nextName.getAsInt();
                if (cmp.hashCode() % 3 == 0) {
                    if (cmp.hashCode() % 6 == 3) {
                        // a callback of dl_iterate_phdr, once per loaded object (weft.exec.LoadedObjects), under glibc's
                        // loader lock, which Weft takes around the callbacks' loop and the TSan variant shows TSan (its
                        // wy_loader): two threads' callbacks never race. Half of the walks' names: no draw of its own
                        helpers.add(new Fn("int " + cmp + "(struct dl_phdr_info *i, size_t n, void *d)", List.of(Node.stmt(-1, "int r = 0;", false),
                                Node.stmt(-1, plainOp(lv, op), true)), "return r * 0 + (i->dlpi_name == 0) + (n < 8) + (d != 0);", false));
                        // audit: every other one comes after a thread that ended inside a callback of its own walk,
                        // which glibc's cleanup leaves the lock free for (no layer may keep this walk waiting)
                        if (cmp.hashCode() % 12 == 9) {
                            return "{ pthread_t q" + t + "; if (pthread_create(&q" + t + ", 0, wy_quit_in_walk, 0) == 0) pthread_join(q" + t
                                    + ", 0); r += dl_iterate_phdr(" + cmp + ", 0); }";
                        }
                        return "{ r += dl_iterate_phdr(" + cmp + ", 0); }";
                    }
                    // a file-tree walk's callback (weft.exec.Walks; the oracle walks its own directory, which has
                    // files): the parity of the name decides, no draw of its own
                    helpers.add(new Fn("int " + cmp + "(const char *p, const struct stat *s, int f)", List.of(Node.stmt(-1, "int r = 0;", false),
                            Node.stmt(-1, plainOp(lv, op), true)), "return r * 0 + (p[0] == 0) * (f + (int) s->st_nlink);", false));
                    return "{ r += ftw(\".\", " + cmp + ", 4); }";
                }
                if (cmp.hashCode() % 5 == 2) {
                    // lsearch copies the key's bytes, the object's address, into the table (its row's p1=*arg0); the
                    // access is the program's, through the table (weft.exec.Sorts: no comparison with an empty table)
                    helpers.add(new Fn("int " + cmp + "(const void *a, const void *b)", List.of(), "return a != b;", false));
                    return "{ int *k" + t + " = &(" + lv + "), *" + t + "[1]; size_t n" + t + " = 0; lsearch(&k" + t + ", " + t + ", &n" + t
                            + ", sizeof k" + t + ", " + cmp + "); " + plainOp("*" + t + "[0]", op) + " }";
                }
                if (cmp.hashCode() % 5 == 3) {
                    // audit D53: hsearch keeps the pointers of the ENTRY it is given by value; the access goes through
                    // the entry it hands back (glibc's one table, made once and searched under the prelude's lock)
                    return "{ pthread_mutex_lock(&wy_hs_lock); if (!wy_hs_made) wy_hs_made = hcreate(64); ENTRY e" + t + " = {\"w" + t
                            + "\", &(" + lv + ")}; ENTRY *f" + t + " = hsearch(e" + t + ", ENTER); pthread_mutex_unlock(&wy_hs_lock); if (f" + t
                            + ") " + plainOp("*(int *) f" + t + "->data", op) + " }";
                }
                helpers.add(new Fn("int " + cmp + "(const void *a, const void *b)", List.of(Node.stmt(-1, "int r = 0;", false),
                        Node.stmt(-1, plainOp(lv, op), true)), "return r * 0 + (*(const int *) a - *(const int *) b);", false));
                if (cmp.hashCode() % 5 == 1) {
                    // lfind's comparator, called once: the key equals the first element (weft.exec.Sorts)
                    return "{ int " + t + "[2] = {2, 1}, k" + t + " = 2; size_t n" + t + " = 2; r += *(int *) lfind(&k" + t + ", " + t
                            + ", &n" + t + ", sizeof(int), " + cmp + "); }";
                }
                return "{ int " + t + "[2] = {2, 1}; qsort(" + t + ", 2, sizeof(int), " + cmp + "); r += " + t + "[0]; }";
            }
        }
    }

    /**
     * Audit D46: a write the stream library makes into the object once the program has handed it to a stream, in a
     * later call than the one it was handed over in, by {@code kind} (0-3): as a memory stream's contents
     * ({@code fmemopen}, mode {@code "r+"}, which writes nothing at the open; {@code fclose} writes out the character
     * {@code fputc} left in the stream's own buffer), or as the buffer of a stream on {@code /dev/null} given by
     * {@code setvbuf} or {@code setbuffer} ({@code fputc} writes the character into it, {@code fclose} writes it out),
     * or by {@code setvbuf} and written by {@code putc_unlocked} (no stream lock: the table's {@code GROUP:u}). Both
     * stay within the int. The TSan variant's {@code wy_wrote} shows glibc's write to TSan once the stream is closed.
     */
    static String writtenByStream(String addr, String t, int kind) {
        String f = "f" + t;
        String open = kind == 0 ? "fmemopen(" + addr + ", sizeof(int), \"r+\")" : "fopen(\"/dev/null\", \"w\")";
        String buffer = switch (kind) {
            case 0 -> "";
            case 2 -> "setbuffer(" + f + ", (char *) " + addr + ", sizeof(int)); ";
            default -> "setvbuf(" + f + ", (char *) " + addr + ", _IOFBF, sizeof(int)); ";
        };
        String put = kind == 3 ? "putc_unlocked('a', " + f + "); " : "fputc('a', " + f + "); ";
        return "{ FILE *" + f + " = " + open + "; if (" + f + ") { " + buffer + put + "fclose(" + f
                + "); (void) wy_wrote(" + addr + ", sizeof(int)); } }";
    }

    /**
     * A read the C library makes of an argument it does not write, chosen by the name's parity (no draw of its own, so a
     * seed's other choices stay as they were); the TSan variant's {@code wy_seen}/{@code wy_seen_time} show the bytes glibc
     * reads to TSan, which sees none inside glibc:
     * <ul>
     *   <li>audit D38: {@code access} reads the object as a path (at least its first byte);</li>
     *   <li>audit D40: {@code strsep} reads it as its delimiter string (its bytes up to a zero, within the int);</li>
     *   <li>audits D41, D43: {@code sem_timedwait} reads a 16-byte object (an {@code int[4]}, global or on the heap) as its
     *       timeout, whole; the semaphore is the call's own with value 1, so the call returns at once (taken, or
     *       {@code EINVAL} for nanoseconds out of range), glibc reading the timeout first either way;</li>
     *   <li>audit D45: {@code pthread_sigmask} reads a 16-byte object as a signal set (the kernel its first word;
     *       {@code SIG_UNBLOCK}, so the thread's mask stays as it was);</li>
     *   <li>audit D47: {@code openlog} keeps the object as its identifier, and {@code syslog} reads it as it formats a
     *       message (a later call than the one that was given it);</li>
     *   <li>issue 35: {@code printf("%.4s")} reads it as a string of at most four bytes.</li>
     * </ul>
     */
    private String readByLibrary(String lv, String addr, String t) {
        java.util.regex.Matcher element = java.util.regex.Pattern.compile("(\\w+)\\[[0-3]\\]").matcher(lv);
        // the name's number (tN: the parities above take every third one here); a 16-byte object may also be a timeout or
        // a signal set
        int k = Integer.parseInt(t.substring(1)) / 3;
        if (element.matches() && k % 2 == 0) {
            String base = "&" + element.group(1) + "[0]";
            // the element's index too: the first names are the most frequent
            return (k / 2 + lv.charAt(lv.length() - 2)) % 2 == 0
                    ? "{ sem_t s" + t + "; sem_init(&s" + t + ", 0, 1); r += sem_timedwait(&s" + t + ", wy_seen_time(" + base + ")) == 0; sem_destroy(&s" + t + "); }"
                    : "{ r += pthread_sigmask(SIG_UNBLOCK, wy_seen_set(" + base + "), 0) == 0; }";
        }
        if (k % 3 == 1) {
            return "{ char b" + t + "[4] = \"a;b\"; char *s" + t + " = b" + t + "; r += strsep(&s" + t + ", wy_seen((const char *) " + addr + ")) != 0; }";
        }
        if (k % 4 == 2) {
            // audit D47: openlog keeps the identifier, syslog reads it as it formats its message (a later call)
            return "{ openlog((const char *) " + addr + ", LOG_PID, LOG_USER); (void) wy_seen((const char *) " + addr
                    + "); syslog(LOG_DEBUG, \"wy\"); closelog(); }";
        }
        if (k % 5 == 4) {
            // issue 35: printf reads its %s string inside glibc (its bytes up to a zero, within the int's four); the
            // explorer records the read (weft.exec.Formatter#stringReads) and the reproducer shows it to TSan
            return "{ (void) printf(\"%.4s\", wy_seen((const char *) " + addr + ")); }";
        }
        return "{ r += access(wy_seen((const char *) " + addr + "), F_OK) == 0; }";
    }

    /**
     * Audit D35: the access through an address loaded back from a buffer by way of the token {@code strtok(NULL, ...)}
     * returns. The object's address is stored at the start of a local buffer, a text follows it; strtok cuts the text,
     * saving its position in its hidden state, and its continuation returns a token into that buffer, from which the
     * address is copied back. A layer that took the continuation's token for strtok's own memory (the table once did)
     * lost the address and the access. Two threads running the form share strtok's position (glibc's, not seen by
     * TSan): a token may come from the other thread's buffer, whose address is that thread's, or be null, and then no
     * access is made; every layer must follow that too.
     */
    private String viaSavedPosition(String lv, int op, String t) {
        String b = "b" + t, k = "k" + t, p = "p" + t;
        return "{ char " + b + "[sizeof(int *) + 4]; int *" + t + " = &(" + lv + "); memcpy(" + b + ", &" + t + ", sizeof " + t + "); "
                + "memcpy(" + b + " + sizeof " + t + ", \"a,b\", 4); strtok(" + b + " + sizeof " + t + ", \",\"); "
                + "char *" + k + " = strtok(NULL, \",\"); if (" + k + ") { int *" + p + "; memcpy(&" + p + ", " + k + " - 2 - sizeof " + p
                + ", sizeof " + p + "); " + plainOp("*" + p, op) + " } }";
    }

    /**
     * For an element or member {@code lv} with others before it in its object ({@code a[k]} with k from 1 to 3,
     * {@code s.y}, {@code p->y}): the address of the object's first element or member and the byte offset of
     * {@code lv} from it, or null. {@code mempcpy} over those bytes (the same values copied back) returns the address of
     * {@code lv}: a layer that took its result for its destination would see the access at the first element.
     */
    static String[] precedingBase(String lv) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\w+(?:\\.buf)?)\\[([1-3])\\]").matcher(lv);
        if (m.matches()) return new String[] {"(void *) &" + m.group(1) + "[0]", m.group(2) + " * sizeof(int)"};
        if (lv.matches("\\w+\\.y")) return new String[] {"(void *) &" + lv.substring(0, lv.length() - 2) + ".x", "sizeof(int)"};
        if (lv.matches("\\w+->y")) return new String[] {"(void *) &" + lv.substring(0, lv.length() - 3) + "->x", "sizeof(int)"};
        return null;
    }

    /**
     * The access a C library function makes through the variadic pointers of a {@code va_list}: {@code vget} hands its
     * own arguments to {@code vsnprintf}, whose {@code %.1s} reads the object's first byte; {@code vput} hands them to
     * {@code vsscanf}, whose {@code %d} writes the object. Every thread calls both with all the objects' addresses,
     * so only a {@code va_list} standing for its own call (weft.modular.ThreadVarargs) tells the calls apart.
     */
    private String viaVaList(String addr, int op) {
        if (!vaHelpers) {
            vaHelpers = true;
            helpers.add(new Fn("int vget(const char *fmt, ...)", List.of(Node.stmt(-1, "char b[4];", false),
                    Node.stmt(-1, "va_list ap;", false), Node.stmt(-1, "va_start(ap, fmt);", false),
                    Node.stmt(-1, "int n = vsnprintf(b, sizeof b, fmt, ap);", false), Node.stmt(-1, "va_end(ap);", false)),
                    "return n;", false));
            helpers.add(new Fn("void vput(const char *fmt, ...)", List.of(Node.stmt(-1, "va_list ap;", false),
                    Node.stmt(-1, "va_start(ap, fmt);", false), Node.stmt(-1, "vsscanf(\"3\", fmt, ap);", false),
                    Node.stmt(-1, "va_end(ap);", false)), null, false));
        }
        return op == 0 ? "r += vget(\"%.1s\", (const char *) " + addr + ");" : "vput(\"%d\", " + addr + ");";
    }
}
