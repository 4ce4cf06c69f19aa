package weft.model;

/**
 * The kinds of {@link Semantics} of the world's directories: directory streams ({@code opendir}, {@code readdir}...),
 * file-tree walks and {@code glob}'s matches, the objects the dynamic loader has loaded, the world's answers
 * ({@code weft.exec.Directories}, {@code weft.exec.Walks}, {@code weft.exec.LoadedObjects}).
 */
public interface DirectoryKinds {
    /**
     * {@code opendir}: a new directory stream or a failure (ENOENT), the world's answer; the path at argument
     * {@code path}. With {@code fd} (not -1; {@code path} -1) {@code fdopendir}: a stream on a file the run opened,
     * which then owns the descriptor, or a failure (ENOTDIR: the file is no directory).
     */
    record OpenDirectory(int path, int fd) implements Semantics {}

    /**
     * {@code readdir} of the stream at argument {@code dir}: another entry (a regular file) or the end, the world's
     * answer; with {@code entry} and {@code result} (not -1) {@code readdir_r}: the entry copied into the caller's
     * {@code struct dirent} at {@code entry} (its record's bytes, as glibc copies them), {@code *result} that entry or
     * null at the end, 0 returned.
     */
    record ReadDirectory(int dir, int entry, int result) implements Semantics {}

    /**
     * {@code rewinddir} ({@code op} "rewind"), {@code telldir} ("tell"), {@code seekdir} ("seek", the position at
     * argument {@code pos}) of the stream at argument {@code dir}: its position is the number of entries read, which
     * {@code telldir} answers (glibc's, the last entry's {@code d_off}) and {@code seekdir} sets to one {@code telldir}
     * gave (another stops the run); the entries read again are the world's answers again (a directory may change).
     * {@code dirfd} ("fd"): the stream's descriptor.
     */
    record DirectoryPosition(int dir, String op, int pos) implements Semantics {}

    /** {@code closedir} of the stream at argument {@code dir}: released; 0. */
    record CloseDirectory(int dir) implements Semantics {}

    /**
     * {@code __weft_walk_next}, the next entry of a file-tree walk ({@code weft.frontend.CallbackLowering}): whether
     * there is one (1 or 0), its path written at {@code path} (in the walk's directory {@code dir}) and its
     * {@code struct stat} at {@code stat}; {@code index} counts the entries so far, {@code result} is the callback's
     * last result.
     */
    record WalkEntry(int path, int stat, int dir, int index, int result) implements Semantics {}

    /**
     * {@code __weft_scandir_next}, the next step of a {@code scandir} ({@code weft.frontend.LibraryLoops}): the directory
     * {@code dir} opened or not, its entries read one per ask, each handed to the filter (argument {@code filter}, null
     * for none) when there is one, the comparator's result or the filter's being {@code result} ({@code index}: the asks
     * so far), then the list sorted by glibc's {@code qsort} with the comparator ({@code compare}); 1: call the filter
     * with the entry written at {@code entry}; 2: call the comparator with the two list elements written at {@code a}
     * and {@code b}; 3: nothing to call, ask again; 0: done ({@code weft.exec.DirectoryScans}). The world's answers it
     * records: the first ask {@link #OPENED} or {@link #MISSING} (the directory), each later one 1 (an entry) or 0
     * (the end).
     */
    record ScanStep(int entry, int a, int b, int dir, int filter, int compare, int index, int result) implements Semantics {
        /** The first ask's recorded answers: the directory opened, or none ({@code ENOENT}). */
        public static final long OPENED = 2, MISSING = 3;
    }

    /** {@code scandir} after the loop of its steps: the list the loop made written at {@code list}, its length returned. */
    record ScanDirectory(int dir, int list, int filter, int compare) implements Semantics {}

    /**
     * {@code glob(pattern, flags, errfunc, out)}: the world's files matching the pattern at {@code pattern} (one, or
     * none), written into the {@code glob_t} at {@code out} as glibc writes it ({@code weft.exec.Directories}).
     */
    record FileGlob(int pattern, int flags, int out) implements Semantics {}

    /** {@code globfree(out)}: the paths {@code glob} gave freed, {@code gl_pathv} cleared. */
    record FileGlobFree(int out) implements Semantics {}

    /**
     * {@code dl_iterate_phdr(callback, data)}, the objects the dynamic loader has loaded ({@code weft.exec.LoadedObjects}):
     * the front end lowers the call to a loop ({@code weft.frontend.LibraryLoops#loadedObjectsLoop}) that asks
     * {@code __weft_phdr_next} ({@code op} "next") for each object before calling the program's callback with it, then
     * makes the call itself ({@code op} "end"), whose result is the callback's last. The ask writes the object's
     * {@code struct dl_phdr_info} at {@code info} and the structure's size at {@code size}; {@code index} counts the
     * objects so far, {@code result} is the callback's last result (non-zero ends the iteration, as in glibc). A witness
     * records for each ask {@code 1 + phnum} (another object with that many program headers) or 0 (the end), then the
     * object's name (an index into {@link #NAMES}), load address, {@code dlpi_adds}, {@code dlpi_subs}, and four values
     * per program header: its type, flags, virtual address and size in memory.
     */
    record LoadedObjects(String op, int info, int size, int index, int result) implements Semantics {
        /** The objects' names a witness chooses from: the program's own (glibc names it ""), then shared objects. */
        public static final java.util.List<String> NAMES = java.util.List.of("", "linux-vdso.so.1", "/lib/x86_64-linux-gnu/libc.so.6",
                "/lib64/ld-linux-x86-64.so.2", "/lib/x86_64-linux-gnu/libm.so.6", "/lib/x86_64-linux-gnu/libz.so.1");
        /** Values a witness records per object besides its first and per program header. */
        public static final int OBJECT_VALUES = 4, HEADER_VALUES = 4;

        /** How many values a witness records for an ask whose first value is {@code first}. */
        public int recorded(long first) {
            return first <= 0 ? 1 : (int) (1 + OBJECT_VALUES + HEADER_VALUES * Math.min(first - 1, 1 << 12));
        }
    }
}
