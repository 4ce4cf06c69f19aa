package weft.installed;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

import java.util.Optional;

/**
 * The installed {@code libcrypt} (Debian's libxcrypt, {@code libcrypt.so.1}): {@code crypt(key, salt)}, the text
 * the system's own password hashing gives (a failure token, {@code "*0"} or {@code "*1"}, for a salt it refuses), so
 * that an execution computes what the program's real call computes.
 */
public final class Crypt {
    interface Lib extends Library {
        Pointer crypt(byte[] key, byte[] salt);
    }

    private static final Loaded<Crypt> INSTALLED = new Loaded<>(Crypt::load);
    private final Lib lib;

    private Crypt(Lib lib) {
        this.lib = lib;
    }

    /** The installed library, loaded once; empty where there is none. */
    public static Optional<Crypt> installed() {
        return INSTALLED.get();
    }

    private static Optional<Crypt> load() {
        try {
            if (!System.getProperty("os.name", "").startsWith("Linux")) return Optional.empty();
            return Optional.of(new Crypt(Native.load("crypt", Lib.class)));
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** {@code crypt} of the key and salt bytes (terminated here): its text, or null for a null answer. */
    public synchronized String crypt(byte[] key, byte[] salt) {
        Pointer p = lib.crypt(java.util.Arrays.copyOf(key, key.length + 1), java.util.Arrays.copyOf(salt, salt.length + 1));
        return p == null ? null : p.getString(0, "ISO-8859-1");
    }
}
