package weft.installed;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

import java.util.Optional;

/**
 * The installed C library (glibc), called for what a model needs to give exactly as the program's library gives it:
 * the text of an error number in the C locale ({@code strerror_l}), the one a program replayed with {@code LC_ALL=C}
 * gets from {@code strerror}.
 */
public final class CLibrary {
    /** glibc's {@code LC_ALL_MASK}. */
    private static final int LC_ALL_MASK = 8127;

    interface Lib extends Library {
        Pointer newlocale(int mask, String locale, Pointer base);
        Pointer strerror_l(int errnum, Pointer locale);
    }

    private static final Loaded<CLibrary> INSTALLED = new Loaded<>(CLibrary::load);
    private final Lib lib;
    private final Pointer c;

    private CLibrary(Lib lib, Pointer c) {
        this.lib = lib;
        this.c = c;
    }

    /** The installed glibc, loaded once; empty elsewhere. */
    public static Optional<CLibrary> installed() {
        return INSTALLED.get();
    }

    private static Optional<CLibrary> load() {
        try {
            if (!System.getProperty("os.name", "").startsWith("Linux")) return Optional.empty();
            Lib lib = Native.load("c", Lib.class);
            Pointer c = lib.newlocale(LC_ALL_MASK, "C", null);
            return c == null ? Optional.empty() : Optional.of(new CLibrary(lib, c));
        } catch (LinkageError | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** {@code strerror(errnum)} in the C locale. */
    public synchronized String errorMessage(int errnum) {
        return lib.strerror_l(errnum, c).getString(0, "ISO-8859-1");
    }
}
